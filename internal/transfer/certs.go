package transfer

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"
)

// devValidity is how long development certificates last.
const devValidity = 365 * 24 * time.Hour

// DevCertFiles are the files WriteDevCerts writes, in the order it writes them.
var DevCertFiles = []string{CAFile, CertFile, KeyFile, SecretFile, TicketKeyFile}

// WriteDevCerts writes a development CA (ca.pem) and a node certificate and key (node.pem,
// node-key.pem) valid for loopback (127.0.0.1, ::1, localhost) as server and client, and the
// cluster's tenant-key secret (secret) and ticket key (ticket-key), for `kvwarden certs`. Every
// node of a development cluster uses the same directory. The CA's key is not kept, so nothing else
// can ever be signed by this CA. It refuses to overwrite any file; the key and the secrets are
// written 0600. A directory that has every file but the ticket key (written before tickets
// existed) gets the ticket key alone; it reports whether that is what it did.
func WriteDevCerts(dir string, now time.Time) (keyOnly bool, err error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return false, err
	}
	if onlyTicketKeyMissing(dir) {
		return true, writeSecret(filepath.Join(dir, TicketKeyFile))
	}
	return false, writeDevCerts(dir, now)
}

func onlyTicketKeyMissing(dir string) bool {
	for _, f := range DevCertFiles {
		_, err := os.Lstat(filepath.Join(dir, f))
		if (err == nil) == (f == TicketKeyFile) {
			return false
		}
	}
	return true
}

// writeSecret writes 32 random bytes, hex-encoded, to a new file of mode 0600.
func writeSecret(path string) error {
	secret := make([]byte, 32)
	rand.Read(secret)
	return writeNew(path, 0o600, []byte(hex.EncodeToString(secret)))
}

func writeDevCerts(dir string, now time.Time) error {
	for _, f := range DevCertFiles {
		path := filepath.Join(dir, f)
		switch _, err := os.Lstat(path); {
		case err == nil:
			return fmt.Errorf("%s already exists; refusing to overwrite it (remove the old files or choose another directory)", path)
		case !errors.Is(err, fs.ErrNotExist):
			return fmt.Errorf("cannot check %s: %w", path, err)
		}
	}
	ca, caKey, err := issue(now, &x509.Certificate{
		Subject:               pkix.Name{CommonName: "kvwarden development CA"},
		IsCA:                  true,
		BasicConstraintsValid: true,
		MaxPathLenZero:        true,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageCRLSign,
	}, nil, nil)
	if err != nil {
		return err
	}
	node, key, err := issue(now, &x509.Certificate{
		Subject:     pkix.Name{CommonName: "kvwarden node"},
		KeyUsage:    x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth},
		DNSNames:    []string{"localhost"},
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
	}, ca, caKey)
	if err != nil {
		return err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return err
	}
	for _, f := range []struct {
		name, typ string
		der       []byte
		mode      os.FileMode
	}{
		{CAFile, "CERTIFICATE", ca.Raw, 0o644},
		{CertFile, "CERTIFICATE", node.Raw, 0o644},
		{KeyFile, "PRIVATE KEY", keyDER, 0o600},
	} {
		if err := writeNew(filepath.Join(dir, f.name), f.mode, pem.EncodeToMemory(&pem.Block{Type: f.typ, Bytes: f.der})); err != nil {
			return err
		}
	}
	if err := writeSecret(filepath.Join(dir, SecretFile)); err != nil {
		return err
	}
	return writeSecret(filepath.Join(dir, TicketKeyFile))
}

// issue generates a P-256 key and a certificate of it from tmpl, valid for devValidity from an
// hour before now, signed by parent's key or, with no parent, by its own.
func issue(now time.Time, tmpl, parent *x509.Certificate, parentKey *ecdsa.PrivateKey) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, nil, err
	}
	tmpl.SerialNumber, tmpl.NotBefore, tmpl.NotAfter = serial(), now.Add(-time.Hour), now.Add(devValidity)
	if parent == nil {
		parent, parentKey = tmpl, key
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	if err != nil {
		return nil, nil, err
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, nil, err
	}
	return cert, key, nil
}

func serial() *big.Int {
	n, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127)) // crypto/rand cannot fail
	return n
}

// writeNew creates path with mode, failing if it exists (O_EXCL closes the race with the check).
func writeNew(path string, mode os.FileMode, b []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if err != nil {
		return err
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
