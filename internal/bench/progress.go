package bench

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
)

// bar is a progress bar that does nothing when there is no writer, so callers need no checks.
type bar struct {
	mu sync.Mutex
	b  *progressbar.ProgressBar
	w  io.Writer
}

func newBar(w io.Writer, total int, desc string) *bar {
	if w == nil {
		return &bar{}
	}
	return &bar{w: w, b: progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription(desc),
		progressbar.OptionShowCount(),
		progressbar.OptionSetWidth(30),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionSetSpinnerChangeInterval(0), // no render goroutine to outlive the bench
	)}
}

func (b *bar) describe(s string) {
	if b.b != nil {
		b.mu.Lock()
		b.b.Describe(s)
		b.mu.Unlock()
	}
}

func (b *bar) add() {
	if b.b != nil {
		b.mu.Lock()
		b.b.Add(1)
		b.mu.Unlock()
	}
}

// finish ends the bar's line so that what follows starts on a fresh one.
func (b *bar) finish() {
	if b.b != nil {
		b.mu.Lock()
		b.b.Finish()
		fmt.Fprintln(b.w)
		b.b = nil
		b.mu.Unlock()
	}
}
