package tenants

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"
)

// APIKeyEnv holds the single API key when --api-key is not given: a key in the environment stays
// out of the process list, where a flag's value is visible to every local user.
const APIKeyEnv = "KVWARDEN_API_KEY"

// MinKeyLen refuses single keys short enough to guess.
const MinKeyLen = 16

// APIKey is the single key and where it came from: the --api-key flag first, else
// $KVWARDEN_API_KEY read through getenv.
func APIKey(flag string, getenv func(string) string) (key, from string) {
	if flag != "" {
		return flag, "--api-key"
	}
	if env := getenv(APIKeyEnv); env != "" {
		return env, APIKeyEnv
	}
	return "", ""
}

// Choice is how the operator asked for tenants: a file, one key, or dev mode.
type Choice struct {
	File     string // --tenants
	Dev      bool   // --dev
	Key      string // the single key, if any (see APIKey)
	KeyFrom  string // where Key came from, named in errors
	Addr     string // the API's listen address, named in errors
	Loopback bool   // Addr listens on loopback only: the one place --dev is allowed
}

// Open chooses the tenants: the file, one key, or with Dev the one open tenant on loopback only.
// They exclude each other: the operator meant one of them, and serving another would surprise
// them. A file others may write is warned about on log.
func Open(log *slog.Logger, c Choice) (*Store, error) {
	switch {
	case c.File != "" && c.Dev:
		return nil, errors.New("--dev and --tenants exclude each other: --dev serves one open tenant without keys")
	case c.Key != "" && (c.File != "" || c.Dev):
		return nil, fmt.Errorf("%s excludes --tenants and --dev: it serves one tenant with that key (unset %s if it is left over)", c.KeyFrom, APIKeyEnv)
	case c.Key != "":
		return singleKeyStore(c.Key, c.KeyFrom)
	case c.File != "":
		WarnInsecure(log, c.File)
		return NewStore(c.File)
	case !c.Dev:
		return nil, errors.New("no tenants: pass --tenants FILE (create it with 'kvwarden tenant add --file FILE --name NAME'), --api-key KEY (or $" + APIKeyEnv + ") for one tenant, or --dev for one open tenant on a loopback address")
	case !c.Loopback:
		return nil, fmt.Errorf("--dev (one open tenant, no keys) is allowed only on a loopback address, not %s", c.Addr)
	}
	return NewDevStore(), nil
}

// singleKeyStore is the tenant "default" with no limits, reached with key.
func singleKeyStore(key, from string) (*Store, error) {
	if len(key) < MinKeyLen || strings.IndexFunc(key, func(r rune) bool { return r <= ' ' || r == 0x7f }) >= 0 {
		return nil, fmt.Errorf("%s: the key must be at least %d characters, without spaces or control characters (create one with 'openssl rand -hex 24')", from, MinKeyLen)
	}
	s, err := NewMemStore(&File{Version: FileVersion, Tenants: []Tenant{{ID: "default", KeyHash: HashKey(key)}}})
	if s != nil {
		s.everyAdapter = true
	}
	return s, err
}

// WarnInsecure warns loudly about a tenants file others may write: they could add a key of their
// own.
func WarnInsecure(log *slog.Logger, file string) {
	if mode, bad := InsecureMode(file); bad {
		log.Warn("TENANTS FILE IS WRITABLE BY OTHERS: anyone who can write it can add an API key; chmod go-w it",
			"file", file, "mode", mode.String())
	}
}
