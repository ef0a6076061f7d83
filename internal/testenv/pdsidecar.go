package testenv

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"
)

// pdSidecar is llm-d's P/D routing sidecar, built at most once per test binary run.
var pdSidecar struct {
	once sync.Once
	path string
	err  error
}

// PDSidecarSource returns the folder of llm-d's pd-sidecar source in the shared test data
// (third_party/llm-d-pd-sidecar: its PROVENANCE.md names the upstream commit). It skips like
// Shared when the shared folder is absent; a shared folder without the source is a failure.
func PDSidecarSource(t testing.TB) string {
	t.Helper()
	dir := filepath.Join(Shared(t), "third_party", "llm-d-pd-sidecar")
	if _, err := os.Stat(filepath.Join(dir, "build.sh")); err != nil {
		t.Fatalf("llm-d's pd-sidecar source: %v", err)
	}
	return dir
}

// PDSidecar returns the pd-sidecar binary built from PDSidecarSource with its build.sh. The
// build needs the Go module proxy (its dependencies are ordinary modules, not this module's
// vendor folder), so it runs with GOFLAGS cleared, once per test binary run, into a cache folder
// keyed by a hash of the source: a rerun on an unchanged source builds nothing.
func PDSidecar(t testing.TB) string {
	t.Helper()
	src := PDSidecarSource(t)
	pdSidecar.once.Do(func() { pdSidecar.path, pdSidecar.err = buildPDSidecar(src) })
	if pdSidecar.err != nil {
		t.Fatalf("building llm-d's pd-sidecar from %s: %v", src, pdSidecar.err)
	}
	return pdSidecar.path
}

func buildPDSidecar(src string) (string, error) {
	key, err := hashTree(src)
	if err != nil {
		return "", err
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "kvwarden-test", "pd-sidecar-"+key[:24])
	bin := filepath.Join(dir, "pd-sidecar")
	if built(bin) {
		return bin, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// go test ./... runs several test binaries at once that may each want the sidecar: one builds,
	// the others wait for its binary.
	unlock, err := lockBuild(filepath.Join(dir, "lock"), bin)
	if err != nil {
		return "", err
	}
	defer unlock()
	if built(bin) { // another process built it while this one waited
		return bin, nil
	}
	// Built beside its final name and renamed, so a concurrent or killed build never leaves a
	// partial binary where the next run would take it as built.
	tmp := bin + ".building-" + strconv.Itoa(os.Getpid())
	defer os.Remove(tmp)
	cmd := exec.Command("sh", filepath.Join(src, "build.sh"), tmp)
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("%s/build.sh (needs the Go module proxy): %v\n%s", src, err, out)
	}
	return bin, os.Rename(tmp, bin)
}

func built(bin string) bool {
	st, err := os.Stat(bin)
	return err == nil && st.Mode().IsRegular()
}

// lockBuild takes the build lock (a file created exclusively), waiting while another process
// holds it unless bin appears. A lock older than staleBuild is a build that died, and is taken over.
func lockBuild(lock, bin string) (unlock func(), err error) {
	for {
		f, err := os.OpenFile(lock, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(lock) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if built(bin) {
			return func() {}, nil
		}
		if st, err := os.Stat(lock); err == nil && time.Since(st.ModTime()) > staleBuild {
			os.Remove(lock)
		}
		time.Sleep(500 * time.Millisecond)
	}
}

// staleBuild is longer than any build of the sidecar on a loaded machine.
const staleBuild = 30 * time.Minute

// hashTree hashes every regular file under dir, names and contents, in WalkDir's (lexical) order.
func hashTree(dir string) (string, error) {
	h := sha256.New()
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		f, err := os.Open(p)
		if err != nil {
			return err
		}
		defer f.Close()
		fmt.Fprintf(h, "%s\x00", rel)
		n, err := io.Copy(h, f)
		fmt.Fprintf(h, "\x00%d\x00", n)
		return err
	})
	return hex.EncodeToString(h.Sum(nil)), err
}
