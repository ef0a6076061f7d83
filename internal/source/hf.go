package source

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

const defaultEndpoint = "https://huggingface.co"

// Mid-transfer failures are retried (resuming) this many times in all; a stalled connection is
// abandoned after stallTimeout without data. Variables so tests can shorten them.
var (
	downloadAttempts = 4
	retryPause       = 300 * time.Millisecond
	stallTimeout     = 60 * time.Second
)

// hfRef names one file in a hub repository.
type hfRef struct {
	owner, repo, file, revision string
}

func (r hfRef) String() string {
	return r.owner + "/" + r.repo + "/" + r.file + "@" + r.revision
}

func badName(s string) bool {
	return s == "" || s == "." || s == ".." || strings.ContainsAny(s, "\\\x00") || strings.ContainsFunc(s, func(r rune) bool { return r < ' ' })
}

// parseHF reads OWNER/REPO/FILE[@REVISION]; FILE may contain folders.
func parseHF(s string) (hfRef, error) {
	usage := fmt.Errorf("hf:%s: want hf:OWNER/REPO/FILE or hf:OWNER/REPO/FILE@REVISION, e.g. hf:TheBloke/Llama-2-7B-GGUF/llama-2-7b.Q4_0.gguf", s)
	ref := hfRef{revision: "main"}
	if i := strings.LastIndex(s, "@"); i >= 0 {
		ref.revision = s[i+1:]
		s = s[:i]
		if badName(ref.revision) {
			return hfRef{}, usage
		}
	}
	parts := strings.SplitN(s, "/", 3)
	if len(parts) != 3 {
		return hfRef{}, usage
	}
	ref.owner, ref.repo, ref.file = parts[0], parts[1], parts[2]
	if badName(ref.owner) || badName(ref.repo) || strings.HasSuffix(ref.file, "/") {
		return hfRef{}, usage
	}
	for _, seg := range strings.Split(ref.file, "/") {
		if badName(seg) {
			return hfRef{}, usage
		}
	}
	return ref, nil
}

// hfEndpoint is the hub's base URL: Options.Endpoint, else $KVWARDEN_HF_ENDPOINT, else the
// Hugging Face tools' $HF_ENDPOINT (a mirror set for them serves kvwarden too), else huggingface.co.
func hfEndpoint(opts Options) (string, error) {
	e, from := opts.Endpoint, "Options.Endpoint"
	for _, v := range []string{"KVWARDEN_HF_ENDPOINT", "HF_ENDPOINT"} {
		if e == "" {
			e, from = os.Getenv(v), v
		}
	}
	if e == "" {
		e = defaultEndpoint
	}
	u, err := url.Parse(e)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("hub endpoint %q (%s): want an http(s) URL such as %s", e, from, defaultEndpoint)
	}
	return strings.TrimRight(e, "/"), nil
}

// hfHome is the Hugging Face tools' folder: $HF_HOME, else $XDG_CACHE_HOME/huggingface, else
// ~/.cache/huggingface ("" if there is no home).
func hfHome() string {
	if h := os.Getenv("HF_HOME"); h != "" {
		return h
	}
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
		return filepath.Join(x, "huggingface")
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return ""
	}
	return filepath.Join(home, ".cache", "huggingface")
}

// hfToken is the hub token: Options.Token, else $HF_TOKEN, else the file "huggingface-cli login"
// writes, $HF_HOME/token.
func hfToken(opts Options) string {
	if opts.Token != "" {
		return opts.Token
	}
	if t := os.Getenv("HF_TOKEN"); t != "" {
		return t
	}
	if home := hfHome(); home != "" {
		if b, err := os.ReadFile(filepath.Join(home, "token")); err == nil {
			return strings.TrimSpace(string(b))
		}
	}
	return ""
}

// hubCachePath is where the Hugging Face tools keep ref's file, if they downloaded it:
// $HF_HUB_CACHE (else $HF_HOME/hub)/models--OWNER--REPO/snapshots/COMMIT/FILE, with COMMIT
// read from refs/REVISION unless the revision is a commit. "" if it is not there.
func (r hfRef) hubCachePath() string {
	cache := os.Getenv("HF_HUB_CACHE")
	if cache == "" {
		home := hfHome()
		if home == "" {
			return ""
		}
		cache = filepath.Join(home, "hub")
	}
	repo := filepath.Join(cache, "models--"+r.owner+"--"+r.repo)
	commit := r.revision
	if !isCommit(commit) {
		b, err := os.ReadFile(filepath.Join(repo, "refs", filepath.FromSlash(r.revision)))
		if commit = strings.TrimSpace(string(b)); err != nil || !isCommit(commit) {
			return ""
		}
	}
	p := filepath.Join(repo, "snapshots", commit, filepath.FromSlash(r.file))
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return p
}

func isCommit(s string) bool {
	if len(s) != 40 {
		return false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return false
		}
	}
	return true
}

// fileURL follows the hub's resolve scheme; the revision is escaped whole because branch
// names such as refs/pr/1 contain slashes.
func (r hfRef) fileURL(endpoint string) string {
	segs := strings.Split(r.file, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return endpoint + "/" + url.PathEscape(r.owner) + "/" + url.PathEscape(r.repo) +
		"/resolve/" + url.PathEscape(r.revision) + "/" + strings.Join(segs, "/")
}

// cachePath mirrors the repository under dir; the revision is one escaped folder name.
func (r hfRef) cachePath(dir string) string {
	return filepath.Join(dir, "hf", r.owner, r.repo, url.PathEscape(r.revision), filepath.FromSlash(r.file))
}

func httpClient(opts Options) *http.Client {
	if opts.HTTPClient != nil {
		return opts.HTTPClient
	}
	dial := opts.DialTimeout
	if dial <= 0 {
		dial = 5 * time.Second
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DialContext = (&net.Dialer{Timeout: dial, KeepAlive: 30 * time.Second}).DialContext
	tr.TLSHandshakeTimeout = 10 * time.Second
	tr.ResponseHeaderTimeout = 60 * time.Second
	return &http.Client{Transport: tr}
}

func resolveHF(ctx context.Context, s string, opts Options) (Resolved, error) {
	ref, err := parseHF(s)
	if err != nil {
		return Resolved{}, err
	}
	endpoint, err := hfEndpoint(opts)
	if err != nil {
		return Resolved{}, err
	}
	dir, err := cacheDir(opts)
	if err != nil {
		return Resolved{}, err
	}
	final := ref.cachePath(dir)
	res := Resolved{Path: final, Description: "hf:" + ref.String() + " cached at " + final}

	if st, err := os.Stat(final); err == nil && st.Mode().IsRegular() {
		if opts.SHA256 == "" {
			return res, nil
		}
		if checkSHA256(final, opts.SHA256) == nil {
			return res, nil
		}
		// The cached copy is not the wanted file (the revision moved, or it was damaged):
		// fetch it afresh rather than fail on a stale cache.
		if err := os.Remove(final); err != nil {
			return Resolved{}, err
		}
	}
	// A copy the Hugging Face tools downloaded is used in place; one that is not the wanted file is
	// theirs to manage, so it is left alone and the file is downloaded into kvwarden's cache.
	if p := ref.hubCachePath(); p != "" {
		if ok, _ := isGGUF(p); ok && (opts.SHA256 == "" || checkSHA256(p, opts.SHA256) == nil) {
			return Resolved{Path: p, Description: "hf:" + ref.String() + " from the Hugging Face cache at " + p}, nil
		}
	}
	if err := os.MkdirAll(filepath.Dir(final), 0o755); err != nil {
		return Resolved{}, fmt.Errorf("model cache: %w", err)
	}
	partial := final + ".partial"
	d := &downloader{client: httpClient(opts), url: ref.fileURL(endpoint), endpoint: endpoint, ref: ref, path: partial, progress: opts.Progress}
	d.token = hfToken(opts)
	if err := d.run(ctx); err != nil {
		return Resolved{}, err
	}
	if ok, _ := isGGUF(partial); !ok {
		os.Remove(partial)
		os.Remove(partial + ".etag")
		return Resolved{}, fmt.Errorf("hf:%s: the downloaded file is not a GGUF file and was deleted; name a .gguf file in the repository", ref)
	}
	if opts.SHA256 != "" {
		if err := checkSHA256(partial, opts.SHA256); err != nil {
			os.Remove(partial)
			os.Remove(partial + ".etag")
			return Resolved{}, fmt.Errorf("hf:%s: downloaded file failed verification and was deleted: %w", ref, err)
		}
	}
	if err := os.Rename(partial, final); err != nil {
		return Resolved{}, fmt.Errorf("model cache: %w", err)
	}
	os.Remove(partial + ".etag")
	return res, nil
}
