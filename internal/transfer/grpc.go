package transfer

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net"
	"sync"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/keepalive"
	"google.golang.org/grpc/mem"
)

// The gRPC service: one bidirectional stream per transfer, its messages whole frames encoded by
// frameCodec (there is no protobuf: the codec is forced on both ends, so no other can be chosen).
const (
	serviceName = "kvwarden.transfer.v1.Transfer"
	methodName  = "Pages"
	fullMethod  = "/" + serviceName + "/" + methodName
	codecName   = "kvwarden-frame"

	// windowBytes lets a few pages be in flight per stream before flow control waits for the
	// receiver; gRPC's 64 KiB default would stall every page.
	windowBytes = 8 << 20
)

// Keepalive: a peer that stops answering (frozen, partitioned) is declared gone after a ping
// unanswered for keepaliveTimeout, which ends every stream over its connection: a request waiting
// on a node that will never answer ends with an error instead of hanging. Clients ping every 10 s
// (gRPC's floor), servers every 2 s.
const (
	clientPing       = 10 * time.Second
	serverPing       = 2 * time.Second
	keepaliveTimeout = 2 * time.Second
)

var serviceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*any)(nil),
	Streams: []grpc.StreamDesc{{
		StreamName:    methodName,
		Handler:       serveGRPC,
		ServerStreams: true,
		ClientStreams: true,
	}},
}

// outMsg is a frame to marshal; inMsg receives one, reusing its buffer from frame to frame.
type outMsg struct {
	b    []byte
	pool mem.BufferPool
}

type inMsg struct{ b []byte }

// frameCodec moves frames as they are: Marshal copies into a buffer of the stream's pool (given
// back by gRPC once written), Unmarshal copies into the stream's receive buffer, refusing anything
// over MaxFrameBytes before it allocates.
type frameCodec struct{}

func (frameCodec) Name() string { return codecName }

// A *[]byte is a message of another service sharing the listener (the node API, Register): it
// travels as it is, under the same size cap.
func (frameCodec) Marshal(v any) (mem.BufferSlice, error) {
	switch m := v.(type) {
	case *outMsg:
		return mem.BufferSlice{mem.Copy(m.b, m.pool)}, nil
	case *[]byte:
		return mem.BufferSlice{mem.SliceBuffer(*m)}, nil
	}
	return nil, fmt.Errorf("transfer codec: cannot marshal %T", v)
}

func (frameCodec) Unmarshal(data mem.BufferSlice, v any) error {
	n := data.Len()
	if n > MaxFrameBytes {
		return fmt.Errorf("%w: %d bytes", errFrame, n)
	}
	if b, ok := v.(*[]byte); ok {
		*b = data.Materialize()
		return nil
	}
	m, ok := v.(*inMsg)
	if !ok {
		return fmt.Errorf("transfer codec: cannot unmarshal into %T", v)
	}
	if cap(m.b) < n {
		m.b = make([]byte, n)
	}
	m.b = m.b[:n]
	data.CopyTo(m.b)
	return nil
}

// streamPool is one stream's buffer pool: frames of a stream have one size, so a short free list
// recycles them without the size classes (and sharing) of gRPC's default pool.
type streamPool struct {
	mu   sync.Mutex
	free []*[]byte
}

func (p *streamPool) Get(n int) *[]byte {
	p.mu.Lock()
	for i := len(p.free) - 1; i >= 0; i-- {
		if b := p.free[i]; cap(*b) >= n {
			p.free[i] = p.free[len(p.free)-1]
			p.free = p.free[:len(p.free)-1]
			p.mu.Unlock()
			*b = (*b)[:n]
			return b
		}
	}
	p.mu.Unlock()
	b := make([]byte, n)
	return &b
}

func (p *streamPool) Put(b *[]byte) {
	p.mu.Lock()
	if len(p.free) < 8 {
		p.free = append(p.free, b)
	}
	p.mu.Unlock()
}

// msgStream is what both ends of a gRPC stream have in common.
type msgStream interface {
	SendMsg(m any) error
	RecvMsg(m any) error
}

// grpcStream adapts a gRPC stream (either end) to Stream.
type grpcStream struct {
	s        msgStream
	out      outMsg
	in       inMsg
	cancel   context.CancelFunc // client end only
	killConn func()             // client end only: closes the connection
}

func newGRPCStream(s msgStream) *grpcStream {
	return &grpcStream{s: s, out: outMsg{pool: &streamPool{}}}
}

func (g *grpcStream) Send(b []byte) error {
	g.out.b = b
	return g.s.SendMsg(&g.out)
}

func (g *grpcStream) Recv() ([]byte, error) {
	if err := g.s.RecvMsg(&g.in); err != nil {
		return nil, err
	}
	return g.in.b, nil
}

func (g *grpcStream) Close() {
	if g.cancel != nil {
		g.cancel()
	}
}

// kill breaks the connection under the stream (used by Faults).
func (g *grpcStream) kill() {
	if g.killConn != nil {
		g.killConn()
	}
}

func serveGRPC(srv any, ss grpc.ServerStream) error {
	srv.(*Receiver).serve(ss.Context(), newGRPCStream(ss))
	return nil
}

// GRPCServer serves a Receiver over gRPC with mutual TLS.
type GRPCServer struct{ gs *grpc.Server }

// NewGRPCServer returns a server for r; tlsCfg is ServerTLS's.
func NewGRPCServer(r *Receiver, tlsCfg *tls.Config) *GRPCServer {
	gs := grpc.NewServer(
		grpc.Creds(credentials.NewTLS(tlsCfg)),
		grpc.ForceServerCodecV2(frameCodec{}),
		grpc.MaxRecvMsgSize(MaxFrameBytes),
		grpc.InitialWindowSize(windowBytes),
		grpc.InitialConnWindowSize(4*windowBytes),
		grpc.KeepaliveParams(keepalive.ServerParameters{Time: serverPing, Timeout: keepaliveTimeout}),
		grpc.KeepaliveEnforcementPolicy(keepalive.EnforcementPolicy{MinTime: clientPing / 2, PermitWithoutStream: true}),
	)
	gs.RegisterService(&serviceDesc, r)
	return &GRPCServer{gs: gs}
}

// Register adds another service to the listener (before Serve), with the same mutual TLS. Its
// messages are *[]byte, passed through the codec as they are.
func (s *GRPCServer) Register(desc *grpc.ServiceDesc, impl any) { s.gs.RegisterService(desc, impl) }

// Serve accepts connections on l until Stop.
func (s *GRPCServer) Serve(l net.Listener) error {
	err := s.gs.Serve(l)
	if errors.Is(err, grpc.ErrServerStopped) {
		return nil
	}
	return err
}

// Stop closes every connection and waits for the handlers to return.
func (s *GRPCServer) Stop() { s.gs.Stop() }

// GracefulStop stops accepting and lets the running handlers finish, until ctx is done; then it
// stops as Stop does and reports ctx's error.
func (s *GRPCServer) GracefulStop(ctx context.Context) error {
	done := make(chan struct{})
	go func() { s.gs.GracefulStop(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		s.gs.Stop()
		<-done
		return ctx.Err()
	}
}

// GRPCTransport dials peers ("host:port") over gRPC with mutual TLS, one connection per peer,
// one stream per transfer.
type GRPCTransport struct {
	tls   *tls.Config
	mu    sync.Mutex
	conns map[string]*grpcPeer
}

type grpcPeer struct {
	cc  *grpc.ClientConn
	mu  sync.Mutex
	raw []net.Conn // the TCP connections under cc, for Faults' KillConn
}

// NewGRPCTransport returns a transport; tlsCfg is ClientTLS's.
func NewGRPCTransport(tlsCfg *tls.Config) *GRPCTransport {
	return &GRPCTransport{tls: tlsCfg, conns: make(map[string]*grpcPeer)}
}

// Dial implements Transport.
func (t *GRPCTransport) Dial(ctx context.Context, peer string) (Stream, error) {
	p, err := t.peer(peer)
	if err != nil {
		return nil, err
	}
	sctx, cancel := context.WithCancel(ctx)
	cs, err := p.cc.NewStream(sctx, &serviceDesc.Streams[0], fullMethod)
	if err != nil {
		cancel()
		return nil, err
	}
	g := newGRPCStream(cs)
	g.cancel = cancel
	g.killConn = p.killConns
	return g, nil
}

// Conn is the connection to peer, for calls to another service on its listener (Register).
func (t *GRPCTransport) Conn(peer string) (grpc.ClientConnInterface, error) {
	p, err := t.peer(peer)
	if err != nil {
		return nil, err
	}
	return p.cc, nil
}

func (t *GRPCTransport) peer(addr string) (*grpcPeer, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if p := t.conns[addr]; p != nil {
		return p, nil
	}
	p := &grpcPeer{}
	var d net.Dialer
	cc, err := grpc.NewClient(addr,
		grpc.WithTransportCredentials(credentials.NewTLS(t.tls)),
		grpc.WithDefaultCallOptions(grpc.ForceCodecV2(frameCodec{}), grpc.MaxCallRecvMsgSize(MaxFrameBytes)),
		grpc.WithInitialWindowSize(windowBytes),
		grpc.WithInitialConnWindowSize(4*windowBytes),
		grpc.WithKeepaliveParams(keepalive.ClientParameters{Time: clientPing, Timeout: keepaliveTimeout, PermitWithoutStream: true}),
		grpc.WithContextDialer(func(ctx context.Context, a string) (net.Conn, error) {
			c, err := d.DialContext(ctx, "tcp", a)
			if err == nil {
				p.mu.Lock()
				p.raw = append(p.raw, c)
				p.mu.Unlock()
			}
			return c, err
		}),
	)
	if err != nil {
		return nil, err
	}
	p.cc = cc
	t.conns[addr] = p
	return p, nil
}

func (p *grpcPeer) killConns() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.raw {
		c.Close()
	}
	p.raw = nil
}

// Close closes every connection.
func (t *GRPCTransport) Close() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	var errs []error
	for a, p := range t.conns {
		errs = append(errs, p.cc.Close())
		delete(t.conns, a)
	}
	return errors.Join(errs...)
}
