package console

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestAdapterHashIsKeyed: the console's hash of an adapter's name is stable within a process, is
// not the unkeyed SHA-256 a dictionary of short names would reverse, and differs in another
// process (this test binary run again, printing its hash of the same name).
func TestAdapterHashIsKeyed(t *testing.T) {
	const name = "acme-merger-docs"
	if os.Getenv("KVWARDEN_ADAPTER_HASH_CHILD") != "" {
		os.Stdout.WriteString("hash=" + AdapterHash(name) + "\n")
		return
	}
	mine := AdapterHash(name)
	if again := AdapterHash(name); again != mine || len(mine) != 12 {
		t.Fatalf("one process hashes %q as %s, then %s (want 12 hex digits, stable)", name, mine, again)
	}
	unkeyed := sha256.Sum256([]byte(name))
	if mine == hex.EncodeToString(unkeyed[:6]) {
		t.Fatal("the console's adapter hash is the unkeyed SHA-256 of the name: a dictionary recovers it")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestAdapterHashIsKeyed$", "-test.count=1")
	cmd.Env = append(os.Environ(), "KVWARDEN_ADAPTER_HASH_CHILD=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the second process: %v\n%s", err, out)
	}
	_, rest, ok := strings.Cut(string(out), "hash=")
	other, _, _ := strings.Cut(rest, "\n")
	if !ok || len(other) != 12 || other == mine {
		t.Fatalf("another process hashes %q as %q, this one as %s: want another 12 hex digits", name, other, mine)
	}
}
