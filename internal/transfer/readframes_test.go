package transfer

import (
	"errors"
	"io"
	"sync/atomic"
	"testing"
	"testing/synctest"
)

// countingStream serves frames "0", "1", ... then io.EOF after n, counting its Recv calls.
type countingStream struct {
	n     int
	recvs atomic.Int32
}

func (s *countingStream) Send([]byte) error { return nil }
func (s *countingStream) Close()            {}
func (s *countingStream) Recv() ([]byte, error) {
	i := int(s.recvs.Add(1)) - 1
	if i >= s.n {
		return nil, io.EOF
	}
	return []byte{byte('0' + i)}, nil
}

// TestReadFrames: the receiver's reader never reads ahead: a frame, then the next
// only when asked for more; it ends after passing on the stream's error, and stop ends it while it
// waits either to deliver or to be asked. In a synctest bubble, which also fails the test if a
// reader outlives its stop.
func TestReadFrames(t *testing.T) { synctest.Test(t, checkReadFrames) }

func checkReadFrames(t *testing.T) {
	st := &countingStream{n: 2}
	stop := make(chan struct{})
	frames, more := readFrames(st, stop)
	for i := range 2 {
		if m := <-frames; m.err != nil || string(m.b) != string(rune('0'+i)) {
			t.Fatalf("frame %d: %q, %v", i, m.b, m.err)
		}
		synctest.Wait() // the reader waits: one that did not would have called Recv again by now
		if got := st.recvs.Load(); got != int32(i+1) {
			t.Fatalf("after frame %d and no request for more: %d Recvs", i, got)
		}
		more <- struct{}{}
	}
	if m := <-frames; !errors.Is(m.err, io.EOF) {
		t.Fatalf("after the frames: %v, want EOF", m.err)
	}
	close(stop) // the reader has already ended

	for _, waiting := range []string{"to deliver", "to be asked"} {
		stop := make(chan struct{})
		frames, _ := readFrames(&countingStream{n: 5}, stop)
		if waiting == "to be asked" {
			<-frames
		}
		close(stop)
	}
}
