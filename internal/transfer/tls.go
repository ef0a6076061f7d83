package transfer

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Files of a --tls-dir (kvwarden certs writes a development set).
const (
	CAFile   = "ca.pem"       // the CA every node's certificate must chain to
	CertFile = "node.pem"     // this node's certificate (server and client auth)
	KeyFile  = "node-key.pem" // its key
	// SecretFile is the tenant-key secret every node of a cluster shares (0600), so that a tenant's
	// key, an HMAC of its UID, is the same on the prefill and the decode node.
	SecretFile = "secret"
	// TicketKeyFile is the key (0600) every node of a cluster shares to sign and check the hand-off
	// tickets a prefill server gives out in kv_transfer_params (node.Tickets).
	TicketKeyFile = "ticket-key"
)

// LoadSecret reads a --tls-dir's tenant-key secret, refusing one others may read.
func LoadSecret(dir string) ([]byte, error) {
	return loadKey(dir, SecretFile, "tenant-key secret")
}

// LoadTicketKey reads a --tls-dir's ticket key, refusing one others may read. A directory written
// before tickets existed has none: 'kvwarden certs --dir' adds it.
func LoadTicketKey(dir string) ([]byte, error) {
	b, err := loadKey(dir, TicketKeyFile, "ticket key")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w (add one with 'kvwarden certs --dir %s')", err, dir)
	}
	return b, err
}

func loadKey(dir, file, what string) ([]byte, error) {
	path := filepath.Join(dir, file)
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if st.Mode().Perm()&0o077 != 0 {
		return nil, fmt.Errorf("%s %s is readable by others (mode %v); chmod 600 it", what, path, st.Mode().Perm())
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if len(b) < 32 {
		return nil, fmt.Errorf("%s %s: %d bytes, want at least 32", what, path, len(b))
	}
	return b, nil
}

// LoadTLS reads a --tls-dir and returns the configurations of the two ends of node-to-node
// traffic: both present this node's certificate, both demand the peer's, chained to the CA (and
// to nothing else: the system roots are not consulted), over TLS 1.3 only.
func LoadTLS(dir string) (server, client *tls.Config, err error) {
	cert, err := tls.LoadX509KeyPair(filepath.Join(dir, CertFile), filepath.Join(dir, KeyFile))
	if err != nil {
		return nil, nil, fmt.Errorf("transfer tls: %w", err)
	}
	caPEM, err := os.ReadFile(filepath.Join(dir, CAFile))
	if err != nil {
		return nil, nil, fmt.Errorf("transfer tls: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(caPEM) {
		return nil, nil, fmt.Errorf("transfer tls: no certificate in %s", filepath.Join(dir, CAFile))
	}
	server = &tls.Config{
		MinVersion:   tls.VersionTLS13,
		Certificates: []tls.Certificate{cert},
		ClientCAs:    pool,
		ClientAuth:   tls.RequireAndVerifyClientCert,
	}
	client = &tls.Config{
		MinVersion:   tls.VersionTLS13,
		Certificates: []tls.Certificate{cert},
		RootCAs:      pool,
	}
	return server, client, nil
}
