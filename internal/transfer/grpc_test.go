package transfer

import (
	"context"
	"crypto/tls"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials/insecure"
)

// devTLS writes a fresh development CA and node certificate and loads them.
func devTLS(t testing.TB) (server, client *tls.Config) {
	dir := t.TempDir()
	if _, err := WriteDevCerts(dir, time.Now()); err != nil {
		t.Fatal(err)
	}
	s, c, err := LoadTLS(dir)
	if err != nil {
		t.Fatal(err)
	}
	return s, c
}

// serveGRPCOn serves r on a loopback port with mTLS and returns its address.
func serveGRPCOn(t testing.TB, r *Receiver, tlsCfg *tls.Config) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := NewGRPCServer(r, tlsCfg)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	t.Cleanup(func() {
		srv.Stop()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return l.Addr().String()
}

func grpcServe(t *testing.T) func(*Receiver) (Transport, string) {
	server, client := devTLS(t)
	return func(r *Receiver) (Transport, string) {
		addr := serveGRPCOn(t, r, server)
		tr := NewGRPCTransport(client)
		t.Cleanup(func() { tr.Close() })
		return tr, addr
	}
}

// TestFaultsOverGRPC runs the network-level rows of the fault table over gRPC with mutual TLS on
// 127.0.0.1, and a few of the others to show the checks do not depend on the transport.
func TestFaultsOverGRPC(t *testing.T) {
	want := map[string]bool{"clean": true, "connection killed": true, "stall past the deadline": true,
		"sender aborts mid-transfer": true, "receiver cancels mid-transfer": true, "flip a byte": true,
		"wrong ticket": true, "duplicate a page": true}
	for _, row := range faultRows {
		if want[row.name] {
			t.Run(row.name, func(t *testing.T) { runFaultRow(t, row, grpcServe(t)) })
		}
	}
}

// TestMTLSRefusals: a peer without a certificate, with one from another CA, over TLS 1.2, or in
// plain text cannot open a transfer; nor does a sender talk to a server it cannot verify. The
// reservation is left as it was.
func TestMTLSRefusals(t *testing.T) {
	server, client := devTLS(t)
	otherServer, otherClient := devTLS(t)
	noCert := client.Clone()
	noCert.Certificates = nil
	tls12 := client.Clone()
	tls12.MinVersion, tls12.MaxVersion = tls.VersionTLS12, tls.VersionTLS12
	foreignCert := client.Clone() // trusts our CA, presents a certificate of another
	foreignCert.Certificates = otherClient.Certificates
	for _, c := range []struct {
		name   string
		server *tls.Config
		client *tls.Config
	}{
		{"client without a certificate", server, noCert},
		{"client certificate from another CA", server, foreignCert},
		{"TLS 1.2 client", server, tls12},
		{"server certificate from another CA", otherServer, client},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t, 5*time.Second)
			addr := serveGRPCOn(t, r.recv, c.server)
			tr := NewGRPCTransport(c.client)
			defer tr.Close()
			snd, ticket := r.sender(t, tr, 3*time.Second)
			err := snd.Send(context.Background(), addr, r.manifest(ticket), r.source())
			if ReasonOf(err) != ReasonConnection {
				t.Errorf("send: %v, want a connection failure", err)
			}
			r.noContact()
		})
	}
	t.Run("plain text", func(t *testing.T) {
		r := newRig(t, 5*time.Second)
		addr := serveGRPCOn(t, r.recv, server)
		cc, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()),
			grpc.WithDefaultCallOptions(grpc.ForceCodecV2(frameCodec{})))
		if err != nil {
			t.Fatal(err)
		}
		defer cc.Close()
		ticket, _ := r.recv.Expect(r.res)
		m := r.manifest(ticket)
		m.Model = r.model
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		cs, err := cc.NewStream(ctx, &serviceDesc.Streams[0], fullMethod)
		if err == nil {
			st := newGRPCStream(cs)
			if err = st.Send(AppendManifest(nil, &m)); err == nil {
				_, err = st.Recv()
			}
		}
		if err == nil {
			t.Fatal("a plain-text client got an answer")
		}
		r.noContact()
	})
}

// noContact checks that the receiver never heard a frame: no outcome, no refusal, no page touched.
func (r *rig) noContact() {
	r.t.Helper()
	select {
	case o := <-r.outcomes:
		r.t.Errorf("outcome %+v", o)
	case e := <-r.refused:
		r.t.Errorf("a frame was read: %v", e)
	default:
	}
	r.untouched()
}

func TestLoadTLSRefusesMissingFiles(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := LoadTLS(dir); err == nil {
		t.Error("an empty directory loads")
	}
	if _, err := WriteDevCerts(dir, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, CAFile), []byte("not a certificate"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadTLS(dir); err == nil {
		t.Error("a CA file without a certificate loads")
	}
}
