// Package source turns a --model argument (a path, hf:OWNER/REPO/FILE, dummy:SPEC, or nothing)
// into a local GGUF file.
package source

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// DemoNotice is what the CLI should print when Resolve falls back to the built-in demo model.
const DemoNotice = "using the built-in demo model: random weights, its text is meaningless; " +
	"load a real GGUF with --model PATH or --model hf:OWNER/REPO/FILE"

// Options tune Resolve. The zero value works: cache and hub settings come from the environment.
type Options struct {
	// CacheDir holds downloads and generated models. Empty: $KVWARDEN_CACHE, else
	// os.UserCacheDir()/kvwarden.
	CacheDir string
	// SHA256, if set (64 hex digits), must match the resolved file. A mismatching download or
	// generated file is deleted; a user's own file is left alone.
	SHA256 string
	// Progress receives the download progress bar (the CLI passes os.Stderr); nil shows none.
	Progress io.Writer
	// Endpoint is the hub's base URL. Empty: $KVWARDEN_HF_ENDPOINT, else $HF_ENDPOINT, else
	// https://huggingface.co.
	Endpoint string
	// Token is sent as a bearer token to the hub. Empty: $HF_TOKEN, else the token file in
	// $HF_HOME (default ~/.cache/huggingface/token).
	Token string
	// DialTimeout bounds connecting to the hub, so an offline machine fails fast. Default 5 s.
	DialTimeout time.Duration
	// HTTPClient replaces the default client (whose transport applies DialTimeout).
	HTTPClient *http.Client
}

// Resolved is a model ready to open.
type Resolved struct {
	Path        string // local GGUF file
	Demo        bool   // the built-in demo model (no --model given)
	Dummy       bool   // a dummy:SPEC model with random weights
	Description string // one line saying what Path is, for logs
	Notice      string // a warning the CLI should print as is; empty for real models
}

// Resolve maps spec (the --model value) to a local GGUF file, downloading or generating it into
// the cache when needed. A local file whose name starts with hf: or dummy: is reached as ./NAME.
func Resolve(ctx context.Context, spec string, opts Options) (Resolved, error) {
	if opts.SHA256 != "" {
		s := strings.ToLower(strings.TrimSpace(opts.SHA256))
		if b, err := hex.DecodeString(s); err != nil || len(b) != sha256.Size {
			return Resolved{}, fmt.Errorf("--sha256 %q: want 64 hex digits", opts.SHA256)
		}
		opts.SHA256 = s
	}
	switch {
	case spec == "":
		return resolveDemo(opts)
	case strings.HasPrefix(spec, "hf:"):
		return resolveHF(ctx, strings.TrimPrefix(spec, "hf:"), opts)
	case strings.HasPrefix(spec, "dummy:"):
		return resolveDummy(strings.TrimPrefix(spec, "dummy:"), opts)
	}
	return resolveLocal(spec, opts)
}

func resolveLocal(path string, opts Options) (Resolved, error) {
	st, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return Resolved{}, fmt.Errorf("model file %s does not exist (for a hub model write hf:OWNER/REPO/FILE)", path)
	case err != nil:
		return Resolved{}, fmt.Errorf("model file: %w", err)
	case st.IsDir():
		return Resolved{}, fmt.Errorf("model %s is a directory; pass the .gguf file inside it", path)
	}
	if ok, err := isGGUF(path); err != nil {
		return Resolved{}, fmt.Errorf("model file: %w", err)
	} else if !ok {
		return Resolved{}, fmt.Errorf("model %s is not a GGUF file (kvwarden loads .gguf models only)", path)
	}
	if opts.SHA256 != "" {
		if err := checkSHA256(path, opts.SHA256); err != nil {
			return Resolved{}, err
		}
	}
	return Resolved{Path: path, Description: "local file " + path}, nil
}

// isGGUF reports whether the file starts with the GGUF magic.
func isGGUF(path string) (bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return false, err
	}
	defer f.Close()
	var head [4]byte
	_, err = io.ReadFull(f, head[:])
	return err == nil && string(head[:]) == "GGUF", nil
}

// cacheDir is where downloads and generated models go.
func cacheDir(opts Options) (string, error) {
	if opts.CacheDir != "" {
		return opts.CacheDir, nil
	}
	if d := os.Getenv("KVWARDEN_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory (set KVWARDEN_CACHE): %w", err)
	}
	return filepath.Join(d, "kvwarden"), nil
}

// fileSHA256 hashes a file.
func fileSHA256(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func checkSHA256(path, want string) error {
	got, err := fileSHA256(path)
	if err != nil {
		return fmt.Errorf("sha256 of %s: %w", path, err)
	}
	if got != want {
		return &SHA256Error{Path: path, Got: got, Want: want}
	}
	return nil
}

// SHA256Error reports a file whose checksum differs from --sha256.
type SHA256Error struct {
	Path, Got, Want string
}

func (e *SHA256Error) Error() string {
	return fmt.Sprintf("%s: sha256 is %s but --sha256 wants %s", e.Path, e.Got, e.Want)
}
