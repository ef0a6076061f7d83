package node

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/metadata"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
)

// memDial is a Dialer that serves each address's node Service in the test's process, over
// channels: a router's probes and calls then need no network, so a testing/synctest bubble can
// hold the router and its nodes, and their timers run on the bubble's clock. Only the node
// service is served (no KV hand-off).
type memDial map[string]*Service

func (d memDial) Conn(addr string) (grpc.ClientConnInterface, error) {
	s := d[addr]
	if s == nil {
		return nil, errors.New("memDial: no node at " + addr)
	}
	return memConn{s}, nil
}

// memNode starts an engine of fx's model as a node of role and adds it to d under addr; the
// engine closes with the test.
func (d memDial) memNode(t *testing.T, fx *fixture, addr, role string) *engine.Engine {
	t.Helper()
	e, err := engine.New(fx.m, fx.tok, engineConfig(func(c *engine.Config) { c.Transfer = &engine.TransferConfig{File: fx.f} }))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Close)
	d[addr] = &Service{role: role, model: "demo", e: e, reporter: console.NewEngineReporter("", role, e)}
	return e
}

type memConn struct{ s *Service }

func (memConn) Invoke(context.Context, string, any, any, ...grpc.CallOption) error {
	return errors.New("memDial: the node service has no unary methods")
}

// NewStream runs the method's handler on its own goroutine, joined to the caller's stream by two
// channels of messages.
func (c memConn) NewStream(ctx context.Context, _ *grpc.StreamDesc, method string, _ ...grpc.CallOption) (grpc.ClientStream, error) {
	var handler grpc.StreamHandler
	for _, sd := range serviceDesc.Streams {
		if strings.HasSuffix(method, "/"+sd.StreamName) {
			handler = sd.Handler
		}
	}
	if handler == nil {
		return nil, errors.New("memDial: no method " + method)
	}
	up, down := make(chan []byte, 16), make(chan []byte, 16)
	cli := &memClient{memEnd: memEnd{ctx: ctx, in: down, out: up}, done: make(chan struct{})}
	go func() {
		cli.err = handler(c.s, &memServer{memEnd{ctx: ctx, in: up, out: down}})
		close(cli.done)
	}()
	return cli, nil
}

// memEnd is one end of a stream: it receives on in and sends on out.
type memEnd struct {
	ctx     context.Context
	in      <-chan []byte
	out     chan<- []byte
	closing sync.Once
}

func (e *memEnd) Context() context.Context { return e.ctx }

func (e *memEnd) SendMsg(m any) error {
	b := append([]byte(nil), *m.(*[]byte)...)
	select {
	case e.out <- b:
		return nil
	case <-e.ctx.Done():
		return e.ctx.Err()
	}
}

type memServer struct{ memEnd }

// RecvMsg reads the client's next message; io.EOF once the client closed its side.
func (s *memServer) RecvMsg(m any) error {
	select {
	case b, ok := <-s.in:
		if !ok {
			return io.EOF
		}
		*m.(*[]byte) = b
		return nil
	case <-s.ctx.Done():
		return s.ctx.Err()
	}
}

func (s *memServer) SetHeader(metadata.MD) error  { return nil }
func (s *memServer) SendHeader(metadata.MD) error { return nil }
func (s *memServer) SetTrailer(metadata.MD)       {}

type memClient struct {
	memEnd
	done chan struct{} // closed when the handler has returned, with err
	err  error
}

// RecvMsg reads the handler's next message; once the handler has returned and its messages are
// read, its error, or io.EOF.
func (c *memClient) RecvMsg(m any) error {
	select {
	case b := <-c.in:
		*m.(*[]byte) = b
		return nil
	case <-c.done:
		select {
		case b := <-c.in:
			*m.(*[]byte) = b
			return nil
		default:
		}
		if c.err != nil {
			return c.err
		}
		return io.EOF
	case <-c.ctx.Done():
		return c.ctx.Err()
	}
}

func (c *memClient) Header() (metadata.MD, error) { return nil, nil }
func (c *memClient) Trailer() metadata.MD         { return nil }
func (c *memClient) CloseSend() error {
	c.closing.Do(func() { close(c.out) })
	return nil
}
