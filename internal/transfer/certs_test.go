package transfer

import (
	"crypto/x509"
	"encoding/pem"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWriteDevCerts(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tls")
	now := time.Now()
	if _, err := WriteDevCerts(dir, now); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		file string
		mode os.FileMode
	}{{CAFile, 0o644}, {CertFile, 0o644}, {KeyFile, 0o600}, {SecretFile, 0o600}, {TicketKeyFile, 0o600}} {
		st, err := os.Stat(filepath.Join(dir, c.file))
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != c.mode {
			t.Errorf("%s: mode %v, want %v", c.file, st.Mode().Perm(), c.mode)
		}
	}
	if _, err := LoadSecret(dir); err != nil {
		t.Fatal(err)
	}
	os.Chmod(filepath.Join(dir, SecretFile), 0o644)
	if _, err := LoadSecret(dir); err == nil {
		t.Error("a tenant-key secret others may read was accepted")
	}
	ca, node := readCert(t, filepath.Join(dir, CAFile)), readCert(t, filepath.Join(dir, CertFile))
	roots := x509.NewCertPool()
	roots.AddCert(ca)
	for _, c := range []struct {
		host  string
		usage x509.ExtKeyUsage
	}{
		{"127.0.0.1", x509.ExtKeyUsageServerAuth}, {"::1", x509.ExtKeyUsageServerAuth},
		{"localhost", x509.ExtKeyUsageServerAuth}, {"127.0.0.1", x509.ExtKeyUsageClientAuth},
	} {
		if _, err := node.Verify(x509.VerifyOptions{DNSName: c.host, Roots: roots, KeyUsages: []x509.ExtKeyUsage{c.usage}, CurrentTime: now}); err != nil {
			t.Errorf("%s %v: %v", c.host, c.usage, err)
		}
	}
	if err := node.VerifyHostname("10.0.0.1"); err == nil {
		t.Error("the development certificate is valid beyond loopback")
	}
	if ip := net.ParseIP("::1"); !node.IPAddresses[1].Equal(ip) {
		t.Errorf("IP SANs %v", node.IPAddresses)
	}
	if _, _, err := LoadTLS(dir); err != nil {
		t.Fatal(err)
	}
	// Nothing is overwritten, not even one file of three.
	ca0, _ := os.ReadFile(filepath.Join(dir, CAFile))
	if _, err := WriteDevCerts(dir, now); err == nil {
		t.Error("overwrote an existing set")
	}
	os.Remove(filepath.Join(dir, KeyFile))
	if _, err := WriteDevCerts(dir, now); err == nil {
		t.Error("wrote over a partial set")
	}
	if ca1, _ := os.ReadFile(filepath.Join(dir, CAFile)); string(ca0) != string(ca1) {
		t.Error("the CA changed")
	}
	if _, err := os.Stat(filepath.Join(dir, KeyFile)); err == nil {
		t.Error("a key was written into a partial set")
	}
}

// A tls dir written before tickets existed gets its ticket key, and nothing else changes.
func TestWriteDevCertsAddsTheTicketKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tls")
	if _, err := WriteDevCerts(dir, time.Now()); err != nil {
		t.Fatal(err)
	}
	secret0, _ := os.ReadFile(filepath.Join(dir, SecretFile))
	key0, _ := LoadTicketKey(dir)
	os.Remove(filepath.Join(dir, TicketKeyFile))
	if _, err := LoadTicketKey(dir); err == nil || !strings.Contains(err.Error(), "kvwarden certs") {
		t.Fatalf("a missing ticket key: %v, want the command that adds one", err)
	}
	keyOnly, err := WriteDevCerts(dir, time.Now())
	if err != nil || !keyOnly {
		t.Fatalf("adding the ticket key: %v, key only %v", err, keyOnly)
	}
	key1, err := LoadTicketKey(dir)
	if err != nil || string(key1) == string(key0) {
		t.Fatalf("ticket key %v (same as before: %v)", err, string(key1) == string(key0))
	}
	if secret1, _ := os.ReadFile(filepath.Join(dir, SecretFile)); string(secret1) != string(secret0) {
		t.Error("the tenant-key secret changed")
	}
	os.Chmod(filepath.Join(dir, TicketKeyFile), 0o640)
	if _, err := LoadTicketKey(dir); err == nil {
		t.Error("a ticket key others may read was accepted")
	}
}

func readCert(t *testing.T, path string) *x509.Certificate {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	blk, _ := pem.Decode(b)
	if blk == nil {
		t.Fatalf("%s: no PEM", path)
	}
	c, err := x509.ParseCertificate(blk.Bytes)
	if err != nil {
		t.Fatal(err)
	}
	return c
}
