// Package tenants maps API keys to tenants and their limits.
//
// The tenants file is JSON and holds only SHA-256 hashes of keys: a key is shown once, when it is
// created, and cannot be recovered from the file. A request's key is hashed and the hash looked up
// in a map, so no byte-by-byte comparison of secrets ever happens.
package tenants

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// KeyPrefix starts every generated key, so a leaked key is recognisable by secret scanners.
const KeyPrefix = "kvw-"

// DevTenant is the single open tenant of dev mode.
const DevTenant = "dev"

// FileVersion is the format version written to new files.
const FileVersion = 1

// Limits bound what one tenant may use. Zero means unlimited.
type Limits struct {
	MaxConcurrent   int `json:"max_concurrent,omitempty"`    // engine requests running at once (n counts each)
	TokensPerMinute int `json:"tokens_per_minute,omitempty"` // prompt + generated tokens; also the largest one request may reserve
	MaxTokens       int `json:"max_tokens,omitempty"`        // largest max_tokens one request may ask for
	// Weight is the tenant's share of each engine step (sequences and tokens) relative to the
	// other tenants with work at that moment. Zero means 1.
	Weight int `json:"weight,omitempty"`
}

// MaxWeight bounds Limits.Weight (the engine's core accepts the same range).
const MaxWeight = 1000

// Validate rejects negative limits and weights above MaxWeight.
func (l Limits) Validate() error {
	if l.MaxConcurrent < 0 || l.TokensPerMinute < 0 || l.MaxTokens < 0 || l.Weight < 0 {
		return errors.New("limits must not be negative")
	}
	if l.Weight > MaxWeight {
		return fmt.Errorf("weight %d above %d", l.Weight, MaxWeight)
	}
	return nil
}

// Tenant is one entry of the tenants file.
//
// ID is the operator's name for the tenant; it may be given again to a new tenant after a remove.
// UID is drawn at random when the tenant is added and never reused: it, not the name, is the
// tenant's identity in the engine (its prefix cache), so a new tenant under an old name never
// reaches what the old one cached.
type Tenant struct {
	ID      string `json:"id"`
	UID     string `json:"uid"`
	KeyHash string `json:"key_sha256"` // hex SHA-256 of the API key
	Limits  Limits `json:"limits"`
	// Adapters are the names of the LoRA adapters (serve --lora NAME=FILE) the tenant may select
	// in "model"; an adapter granted to several tenants is shared by them.
	Adapters []string  `json:"adapters,omitempty"`
	Created  time.Time `json:"created,omitzero"`
}

// File is the tenants file's content.
type File struct {
	Version int      `json:"version"`
	Tenants []Tenant `json:"tenants"`
}

var idPattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

// ValidID reports whether id may name a tenant: it appears in logs and engine keys, so it is kept
// to a short, printable alphabet.
func ValidID(id string) bool { return idPattern.MatchString(id) }

var uidPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// NewUID draws a tenant UID: 128 random bits, so two tenants never share one.
func NewUID() (string, error) {
	var b [16]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return hex.EncodeToString(b[:]), nil
}

// HashKey returns the hex SHA-256 of key, the only form in which keys are stored.
func HashKey(key string) string {
	h := sha256.Sum256([]byte(key))
	return hex.EncodeToString(h[:])
}

// GenerateKey returns a new random API key with 256 bits of entropy.
func GenerateKey() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", err
	}
	return KeyPrefix + base64.RawURLEncoding.EncodeToString(b[:]), nil
}

// MaxFileBytes bounds a tenants file: a million tenants fit in far less, and a path that names a
// device or a huge file must not exhaust memory.
const MaxFileBytes = 16 << 20

// Load reads a tenants file. A missing file is an error that names the command creating one;
// callers that create the file use LoadOrEmpty.
func Load(path string) (*File, error) {
	b, err := readFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	dec := json.NewDecoder(strings.NewReader(string(b)))
	dec.DisallowUnknownFields() // a misspelt limit must not silently mean "unlimited"
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("tenants file %s: %w", path, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("tenants file %s: trailing data after the JSON object", path)
	}
	if err := f.Validate(); err != nil {
		return nil, fmt.Errorf("tenants file %s: %w", path, err)
	}
	return &f, nil
}

// readFile reads a regular file of at most MaxFileBytes. Opening with O_NONBLOCK keeps a FIFO from
// blocking the open; the file is then checked by its descriptor (no race with a rename), and the
// read is bounded whatever the file claims.
func readFile(path string) ([]byte, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|oNonblock, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("tenants file %s does not exist; create it with 'kvwarden tenant add --file %s --name NAME': %w", path, path, err)
	}
	if err != nil {
		return nil, fmt.Errorf("tenants file: %w", err)
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("tenants file: %w", err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("tenants file %s is not a regular file (%s)", path, st.Mode().Type())
	}
	if st.Size() > MaxFileBytes {
		return nil, fmt.Errorf("tenants file %s is %d bytes, more than the limit of %d", path, st.Size(), MaxFileBytes)
	}
	b, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, fmt.Errorf("tenants file %s: %w", path, err)
	}
	if len(b) > MaxFileBytes {
		return nil, fmt.Errorf("tenants file %s grew past the limit of %d bytes while being read", path, MaxFileBytes)
	}
	return b, nil
}

// InsecureMode reports the permission bits of the tenants file at path when others than its owner
// may write it: whoever can write it can add a tenant with a key of their own.
func InsecureMode(path string) (fs.FileMode, bool) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, false
	}
	return st.Mode().Perm(), st.Mode().Perm()&0o022 != 0
}

// LoadOrEmpty is Load, except that a missing file gives an empty one.
func LoadOrEmpty(path string) (*File, error) {
	f, err := Load(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{Version: FileVersion}, nil
	}
	return f, err
}

// Validate checks ids, UIDs, hashes and limits, and that no id, UID or key repeats. A missing UID
// is valid here (files written before UIDs existed); the server refuses it, see NewStore.
func (f *File) Validate() error {
	if f.Version != FileVersion {
		return fmt.Errorf("unsupported version %d (want %d)", f.Version, FileVersion)
	}
	ids := map[string]bool{}
	uids := map[string]bool{}
	hashes := map[string]bool{}
	for i, t := range f.Tenants {
		if !ValidID(t.ID) {
			return fmt.Errorf("tenant %d: invalid id %q", i, t.ID)
		}
		if ids[t.ID] {
			return fmt.Errorf("tenant %q appears twice", t.ID)
		}
		ids[t.ID] = true
		if t.UID != "" {
			if !uidPattern.MatchString(t.UID) {
				return fmt.Errorf("tenant %q: uid must be 32 lower-case hex digits", t.ID)
			}
			if uids[t.UID] {
				return fmt.Errorf("tenant %q: uid shared with another tenant", t.ID)
			}
			uids[t.UID] = true
		}
		h, err := hex.DecodeString(t.KeyHash)
		if err != nil || len(h) != sha256.Size || t.KeyHash != strings.ToLower(t.KeyHash) {
			return fmt.Errorf("tenant %q: key_sha256 must be 64 lower-case hex digits", t.ID)
		}
		if hashes[t.KeyHash] {
			return fmt.Errorf("tenant %q: key hash shared with another tenant", t.ID)
		}
		hashes[t.KeyHash] = true
		if err := t.Limits.Validate(); err != nil {
			return fmt.Errorf("tenant %q: %w", t.ID, err)
		}
		if err := checkGrants(t.Adapters); err != nil {
			return fmt.Errorf("tenant %q: %w", t.ID, err)
		}
	}
	return nil
}

// Save writes f to path atomically: a reader (or a crash) sees the old file or the new one, never
// a mix. The file is private to its owner since the hashes, while not secrets, identify keys.
func (f *File) Save(path string) error {
	if err := f.Validate(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	b = append(b, '\n')
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op after the rename
	if err := tmp.Chmod(0o600); err != nil {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	// The rename is durable only once the directory is synced; not every platform allows it.
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
	return nil
}

// Add creates a tenant with a fresh key and returns the key; only its hash is kept.
func (f *File) Add(id string, limits Limits) (string, error) {
	if !ValidID(id) {
		return "", fmt.Errorf("invalid tenant id %q: use 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit", id)
	}
	if err := limits.Validate(); err != nil {
		return "", err
	}
	if f.index(id) >= 0 {
		return "", fmt.Errorf("tenant %q already exists", id)
	}
	key, err := GenerateKey()
	if err != nil {
		return "", err
	}
	uid, err := NewUID()
	if err != nil {
		return "", err
	}
	if f.Version == 0 {
		f.Version = FileVersion
	}
	f.Tenants = append(f.Tenants, Tenant{ID: id, UID: uid, KeyHash: HashKey(key), Limits: limits, Created: time.Now().UTC().Truncate(time.Second)})
	return key, nil
}

// AssignUIDs gives every tenant without a UID a fresh one and reports how many it assigned.
func (f *File) AssignUIDs() (int, error) {
	n := 0
	for i := range f.Tenants {
		if f.Tenants[i].UID != "" {
			continue
		}
		uid, err := NewUID()
		if err != nil {
			return n, err
		}
		f.Tenants[i].UID = uid
		n++
	}
	return n, nil
}

// Remove deletes a tenant.
func (f *File) Remove(id string) error {
	i := f.index(id)
	if i < 0 {
		return fmt.Errorf("no tenant %q", id)
	}
	f.Tenants = slices.Delete(f.Tenants, i, i+1)
	return nil
}

// List returns the tenants sorted by id.
func (f *File) List() []Tenant {
	out := slices.Clone(f.Tenants)
	slices.SortFunc(out, func(a, b Tenant) int { return strings.Compare(a.ID, b.ID) })
	return out
}

func (f *File) index(id string) int {
	return slices.IndexFunc(f.Tenants, func(t Tenant) bool { return t.ID == id })
}

// Store is the server's live view of the tenants, safe for concurrent use and reloadable.
type Store struct {
	path string
	dev  bool
	// everyAdapter lets the store's tenants use every loaded adapter: dev mode's open tenant and
	// --api-key's single tenant, which have no file to hold grants and no other tenant to keep
	// an adapter from.
	everyAdapter bool

	mu     sync.RWMutex
	byHash map[[sha256.Size]byte]Tenant
}

// NewStore loads the tenants file at path. It refuses a file without tenants (every request would
// be refused) and one whose tenants lack UIDs (written before UIDs existed): the server does not
// write its tenants file, so it cannot assign them itself; 'kvwarden tenant migrate' does.
func NewStore(path string) (*Store, error) {
	s := &Store{path: path}
	if _, err := s.Reload(); err != nil {
		return nil, err
	}
	return s, nil
}

// servable checks what the server needs beyond a valid file.
func servable(path string, f *File) error {
	if len(f.Tenants) == 0 {
		return fmt.Errorf("tenants file %s has no tenants, so every request would be refused; add one with 'kvwarden tenant add --file %s --name NAME'", path, path)
	}
	for _, t := range f.Tenants {
		if t.UID == "" {
			return fmt.Errorf("tenants file %s: tenant %q has no uid (the file predates tenant UIDs); assign them with 'kvwarden tenant migrate --file %s'", path, t.ID, path)
		}
	}
	return nil
}

// NewDevStore returns the dev-mode store: every request, with or without a key, is tenant "dev"
// (UID "dev") with no limits. The server accepts it only on a loopback address.
func NewDevStore() *Store { return &Store{dev: true, everyAdapter: true} }

// NewMemStore builds a store from tenants in memory (for tests and embedding). Tenants without a
// UID get a fresh one, in the store only: nothing in memory outlives the process.
func NewMemStore(f *File) (*Store, error) {
	f = &File{Version: f.Version, Tenants: slices.Clone(f.Tenants)}
	if _, err := f.AssignUIDs(); err != nil {
		return nil, err
	}
	if err := f.Validate(); err != nil {
		return nil, err
	}
	s := &Store{}
	s.byHash = index(f)
	return s, nil
}

// Dev reports whether this is the dev-mode store.
func (s *Store) Dev() bool { return s.dev }

// Path returns the file the store loads from ("" in dev mode or in memory).
func (s *Store) Path() string { return s.path }

// Reload re-reads the tenants file and returns the UIDs that are gone: tenants removed, or given a
// new UID. Their prefix caches must be dropped (engine DropTenant). On error the previous tenants
// stay in force, so a bad edit never locks every tenant out (or lets anyone in).
func (s *Store) Reload() (gone []string, err error) {
	if s.dev || s.path == "" {
		return nil, nil
	}
	f, err := Load(s.path)
	if err != nil {
		return nil, err
	}
	if err := servable(s.path, f); err != nil {
		return nil, err
	}
	m := index(f)
	keep := make(map[string]bool, len(f.Tenants))
	for _, t := range f.Tenants {
		keep[t.UID] = true
	}
	s.mu.Lock()
	for _, t := range s.byHash {
		if !keep[t.UID] {
			gone = append(gone, t.UID)
		}
	}
	s.byHash = m
	s.mu.Unlock()
	slices.Sort(gone)
	return gone, nil
}

// Len returns the number of tenants (1 in dev mode).
func (s *Store) Len() int {
	if s.dev {
		return 1
	}
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.byHash)
}

// Lookup returns the tenant owning key. In dev mode every key, even an empty one, is tenant "dev".
func (s *Store) Lookup(key string) (Tenant, bool) {
	if s.dev {
		return Tenant{ID: DevTenant, UID: DevTenant}, true
	}
	if key == "" {
		return Tenant{}, false
	}
	h := sha256.Sum256([]byte(key))
	s.mu.RLock()
	t, ok := s.byHash[h]
	s.mu.RUnlock()
	return t, ok
}

func index(f *File) map[[sha256.Size]byte]Tenant {
	m := make(map[[sha256.Size]byte]Tenant, len(f.Tenants))
	for _, t := range f.Tenants {
		var h [sha256.Size]byte
		hex.Decode(h[:], []byte(t.KeyHash)) // validated by Load
		m[h] = t
	}
	return m
}

// Update loads the file at path (empty if missing), gives UIDs to tenants without one, applies fn
// and saves the result atomically, holding an exclusive lock so two concurrent edits cannot lose
// one another's changes.
func Update(path string, fn func(*File) error) error {
	unlock, err := lockFile(path + ".lock")
	if err != nil {
		return err
	}
	defer unlock()
	f, err := LoadOrEmpty(path)
	if err != nil {
		return err
	}
	if _, err := f.AssignUIDs(); err != nil {
		return err
	}
	if err := fn(f); err != nil {
		return err
	}
	return f.Save(path)
}
