package transfer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
)

// MemNetwork is an in-memory Transport: named receivers, streams as channel pairs, no network.
// Tests and single-process setups use it exactly as they would GRPCTransport.
type MemNetwork struct {
	mu    sync.Mutex
	nodes map[string]*Receiver
	wg    sync.WaitGroup
}

// NewMemNetwork returns an empty network.
func NewMemNetwork() *MemNetwork { return &MemNetwork{nodes: make(map[string]*Receiver)} }

// Listen makes r reachable as peer.
func (n *MemNetwork) Listen(peer string, r *Receiver) {
	n.mu.Lock()
	n.nodes[peer] = r
	n.mu.Unlock()
}

// Wait returns once every stream's receiving side has finished.
func (n *MemNetwork) Wait() { n.wg.Wait() }

var errKilled = errors.New("transfer: connection killed")

// Dial implements Transport.
func (n *MemNetwork) Dial(ctx context.Context, peer string) (Stream, error) {
	n.mu.Lock()
	r := n.nodes[peer]
	n.mu.Unlock()
	if r == nil {
		return nil, fmt.Errorf("no node %q", peer)
	}
	p := &memPipe{up: make(chan []byte, 8), down: make(chan []byte, 8), reset: make(chan struct{}), srvDone: make(chan struct{})}
	sctx, cancel := context.WithCancel(context.Background())
	n.wg.Add(1)
	go func() {
		defer n.wg.Done()
		defer cancel()
		r.serve(sctx, memServer{p})
		close(p.srvDone) // the handler returned: like a gRPC status, after the frames it sent
		p.break_(io.EOF)
	}()
	go func() { // the server context ends with the stream, as gRPC's does
		select {
		case <-p.reset:
		case <-sctx.Done():
		}
		cancel()
	}()
	return &memClient{p: p, ctx: ctx}, nil
}

// memPipe is one stream: up carries the sender's frames, down the receiver's.
type memPipe struct {
	up, down  chan []byte
	reset     chan struct{} // closed when either end breaks the stream
	resetOnce sync.Once
	resetErr  error
	srvDone   chan struct{}
}

func (p *memPipe) break_(err error) {
	p.resetOnce.Do(func() { p.resetErr = err; close(p.reset) })
}

type memClient struct {
	p   *memPipe
	ctx context.Context
}

// broken reports the error of a broken stream, checked before anything else: a select with a
// ready channel would otherwise pick a case at random, and nothing passes a broken stream.
func (p *memPipe) broken() error {
	select {
	case <-p.reset:
		return p.resetErr
	default:
		return nil
	}
}

func (c *memClient) Send(b []byte) error {
	if err := c.p.broken(); err != nil {
		return err
	}
	select {
	case <-c.p.reset:
		return c.p.resetErr
	case <-c.p.srvDone:
		return io.EOF
	case <-c.ctx.Done():
		c.p.break_(c.ctx.Err())
		return c.ctx.Err()
	case c.p.up <- append([]byte(nil), b...):
		return nil
	}
}

func (c *memClient) Recv() ([]byte, error) {
	select {
	case b := <-c.p.down:
		return b, nil
	default:
	}
	select {
	case b := <-c.p.down:
		return b, nil
	case <-c.p.srvDone:
		return c.p.afterHandler()
	case <-c.p.reset:
		// A handler that returned also breaks the stream, and select picks among ready cases at
		// random: the frames it sent before returning still come first, as gRPC's do.
		select {
		case <-c.p.srvDone:
			return c.p.afterHandler()
		default:
			return nil, c.p.resetErr
		}
	case <-c.ctx.Done():
		c.p.break_(c.ctx.Err())
		return nil, c.ctx.Err()
	}
}

// afterHandler is what the client reads once the handler has returned: the frames it sent
// before that, then the end of the stream.
func (p *memPipe) afterHandler() ([]byte, error) {
	select {
	case b := <-p.down:
		return b, nil
	default:
		return nil, io.EOF
	}
}

func (c *memClient) Close() { c.p.break_(context.Canceled) }

// kill breaks the stream as a dead connection would (used by Faults).
func (c *memClient) kill() { c.p.break_(errKilled) }

type memServer struct{ p *memPipe }

func (s memServer) Send(b []byte) error {
	if err := s.p.broken(); err != nil {
		return err
	}
	select {
	case <-s.p.reset:
		return s.p.resetErr
	case s.p.down <- append([]byte(nil), b...):
		return nil
	}
}

func (s memServer) Recv() ([]byte, error) {
	if err := s.p.broken(); err != nil {
		return nil, err
	}
	select {
	case b := <-s.p.up:
		return b, nil
	case <-s.p.reset:
		return nil, s.p.resetErr
	}
}

func (s memServer) Close() {}
