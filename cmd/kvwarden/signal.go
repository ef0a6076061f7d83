package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func signalContext(sigs ...os.Signal) (context.Context, context.CancelFunc) {
	if len(sigs) == 0 {
		sigs = []os.Signal{os.Interrupt, syscall.SIGTERM}
	}
	return signal.NotifyContext(context.Background(), sigs...)
}
