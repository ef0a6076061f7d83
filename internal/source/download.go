package source

// The resumable download of one hub file: requests with Range, what each reply means for the
// partial file, progress, and a watchdog for stalled connections.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
)

type downloader struct {
	client        *http.Client
	url, endpoint string
	ref           hfRef
	path          string // the .partial file
	token         string
	progress      io.Writer
}

// retryable marks a failure after which another attempt can continue the transfer.
type retryable struct{ err error }

func (r retryable) Error() string { return r.err.Error() }
func (r retryable) Unwrap() error { return r.err }

func (d *downloader) run(ctx context.Context) error {
	var err error
	for i := 0; i < downloadAttempts; i++ {
		if i > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(retryPause * time.Duration(i)):
			}
		}
		err = d.attempt(ctx)
		var r retryable
		if err == nil || !errors.As(err, &r) || ctx.Err() != nil {
			return err
		}
	}
	return fmt.Errorf("%w (gave up after %d attempts; run again to resume)", err, downloadAttempts)
}

// attempt fetches the rest of the file into the .partial file, resuming from its current size.
func (d *downloader) attempt(ctx context.Context) error {
	f, err := os.OpenFile(d.path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return fmt.Errorf("model cache: %w", err)
	}
	defer f.Close()
	off, err := f.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}

	// The watchdog cancels this context, which aborts the request's body read.
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	req, err := d.request(ctx, off)
	if err != nil {
		return err
	}
	resp, err := d.client.Do(req)
	if err != nil {
		return d.netError(err)
	}
	defer resp.Body.Close()

	start, total, done, err := d.placeReply(resp, off)
	if start < off {
		if terr := f.Truncate(start); terr != nil && err == nil {
			return terr
		}
	}
	if err != nil || done {
		return err
	}
	d.saveETag(resp)
	if _, err := f.Seek(start, io.SeekStart); err != nil {
		return err
	}
	dst, endBar := d.withProgress(f, start, total)
	n, err := copyWatched(ctx, cancel, dst, resp.Body)
	endBar(err == nil && total > 0 && start+n == total)
	if err != nil {
		werr := fmt.Errorf("hf:%s: download interrupted after %d bytes: %w", d.ref, start+n, err)
		if ctx.Err() != nil && !errors.Is(err, errStalled) {
			return werr // cancelled by the caller
		}
		return retryable{werr}
	}
	if total >= 0 && start+n != total {
		return retryable{fmt.Errorf("hf:%s: download ended at %d of %d bytes", d.ref, start+n, total)}
	}
	if err := f.Sync(); err != nil {
		return err
	}
	return f.Close()
}

// request asks for the bytes from off on.
func (d *downloader) request(ctx context.Context, off int64) (*http.Request, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, d.url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "kvwarden")
	if d.token != "" {
		req.Header.Set("Authorization", "Bearer "+d.token)
	}
	if off > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", off))
		// If-Range makes the server send the whole file instead of a tail when the file
		// changed since the partial was started (for example a branch that moved).
		if etag, err := os.ReadFile(d.etagPath()); err == nil && len(etag) > 0 {
			req.Header.Set("If-Range", string(etag))
		}
	}
	return req, nil
}

func (d *downloader) etagPath() string { return d.path + ".etag" }

// saveETag keeps the reply's strong ETag for the If-Range of a later resume; a weak one cannot
// vouch that the bytes are the same.
func (d *downloader) saveETag(resp *http.Response) {
	if etag := resp.Header.Get("ETag"); etag != "" && !strings.HasPrefix(etag, "W/") {
		os.WriteFile(d.etagPath(), []byte(etag), 0o644)
	} else {
		os.Remove(d.etagPath())
	}
}

// placeReply reads the status of the answer to a request for the bytes from off on: start is
// where its body goes in the file (below off when the partial file must be cut back), total
// the file's size (-1 when unknown), and done says that the partial file is already whole.
func (d *downloader) placeReply(resp *http.Response, off int64) (start, total int64, done bool, err error) {
	switch resp.StatusCode {
	case http.StatusOK:
		return 0, resp.ContentLength, false, nil
	case http.StatusPartialContent:
		first, _, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
		if !ok || first != off {
			// Cannot splice this reply onto the partial file: start over next attempt.
			return 0, -1, false, retryable{fmt.Errorf("hf:%s: the server resumed at an unexpected position (Content-Range %q)", d.ref, resp.Header.Get("Content-Range"))}
		}
		return off, size, false, nil
	case http.StatusRequestedRangeNotSatisfiable:
		_, _, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
		if ok && size == off {
			return off, off, true, nil // the previous run got every byte but stopped before the rename
		}
		return 0, -1, false, retryable{fmt.Errorf("hf:%s: the partial download does not fit the file on the server; starting over", d.ref)}
	}
	return off, -1, false, d.statusError(resp)
}

// statusError explains a reply that carries no part of the file.
func (d *downloader) statusError(resp *http.Response) error {
	switch resp.StatusCode {
	case http.StatusUnauthorized, http.StatusForbidden:
		hint := "set HF_TOKEN to a token that can read it"
		if d.token != "" {
			hint = "the HF_TOKEN sent was not accepted for it"
		}
		return fmt.Errorf("hf:%s: the hub refused access (HTTP %d): the repository does not exist, or is private or gated (accept its terms on the hub); %s", d.ref, resp.StatusCode, hint)
	case http.StatusNotFound:
		return fmt.Errorf("hf:%s: not found on the hub (HTTP 404): check the owner, repository, file name and revision", d.ref)
	}
	err := fmt.Errorf("hf:%s: the hub answered %s for %s", d.ref, resp.Status, d.url)
	if resp.StatusCode >= 500 || resp.StatusCode == http.StatusTooManyRequests {
		return retryable{err}
	}
	return err
}

// withProgress returns f, or with a progress writer set, f and a bar that starts at off;
// endBar ends the bar's line, drawn full when complete.
func (d *downloader) withProgress(f io.Writer, off, total int64) (dst io.Writer, endBar func(complete bool)) {
	if d.progress == nil {
		return f, func(bool) {}
	}
	bar := progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(d.progress),
		progressbar.OptionSetDescription("downloading "+d.ref.file),
		progressbar.OptionShowBytes(true),
		progressbar.OptionShowTotalBytes(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetSpinnerChangeInterval(0), // no render goroutine to outlive us
	)
	bar.Set64(off)
	return io.MultiWriter(f, barWriter{bar}), func(complete bool) {
		if complete {
			bar.Finish()
		}
		bar.Exit()
		fmt.Fprintln(d.progress)
	}
}

// errStalled is the cause given when a transfer stops sending.
var errStalled = errors.New("no data received")

// copyWatched copies src to dst and calls cancel, which must abort src's reads, once no data has
// come for stallTimeout: a connection that goes silent would otherwise block the read forever.
// A stalled copy's error wraps errStalled.
func copyWatched(ctx context.Context, cancel context.CancelCauseFunc, dst io.Writer, src io.Reader) (int64, error) {
	stalled := fmt.Errorf("%w for %s", errStalled, stallTimeout)
	timer := time.AfterFunc(stallTimeout, func() { cancel(stalled) })
	defer timer.Stop()
	n, err := io.Copy(dst, &watchdogReader{r: src, t: timer})
	if err != nil && errors.Is(context.Cause(ctx), errStalled) {
		err = stalled
	}
	return n, err
}

// watchdogReader restarts the stall timer on every read that brings data.
type watchdogReader struct {
	r io.Reader
	t *time.Timer
}

func (w *watchdogReader) Read(p []byte) (int, error) {
	n, err := w.r.Read(p)
	if n > 0 {
		w.t.Reset(stallTimeout)
	}
	return n, err
}

// netError turns a failure to connect into a message that says what to do offline.
func (d *downloader) netError(err error) error {
	var dnsErr *net.DNSError
	var opErr *net.OpError
	if errors.As(err, &dnsErr) || (errors.As(err, &opErr) && (opErr.Op == "dial" || opErr.Op == "proxyconnect")) {
		return fmt.Errorf("hf:%s: cannot reach the Hugging Face hub at %s (%v); without network access, "+
			"download the .gguf file elsewhere and pass it with --model /path/to/model.gguf", d.ref, d.endpoint, err)
	}
	return retryable{fmt.Errorf("hf:%s: %w", d.ref, err)}
}

// barWriter feeds the progress bar and ignores its errors, which must not fail a download.
type barWriter struct{ bar *progressbar.ProgressBar }

func (b barWriter) Write(p []byte) (int, error) {
	b.bar.Add64(int64(len(p)))
	return len(p), nil
}

// parseContentRange reads "bytes START-END/SIZE" or "bytes */SIZE"; size is -1 when unknown.
func parseContentRange(s string) (start, end, size int64, ok bool) {
	rest, found := strings.CutPrefix(s, "bytes ")
	if !found {
		return 0, 0, 0, false
	}
	rng, sz, found := strings.Cut(rest, "/")
	if !found {
		return 0, 0, 0, false
	}
	size = -1
	if sz != "*" {
		v, err := strconv.ParseInt(sz, 10, 64)
		if err != nil || v < 0 {
			return 0, 0, 0, false
		}
		size = v
	}
	if rng == "*" {
		return -1, -1, size, size >= 0
	}
	a, b, found := strings.Cut(rng, "-")
	if !found {
		return 0, 0, 0, false
	}
	start, err1 := strconv.ParseInt(a, 10, 64)
	end, err2 := strconv.ParseInt(b, 10, 64)
	if err1 != nil || err2 != nil || start < 0 || end < start || (size >= 0 && end >= size) {
		return 0, 0, 0, false
	}
	return start, end, size, true
}
