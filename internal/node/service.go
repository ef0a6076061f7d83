package node

import (
	"context"
	"errors"

	"google.golang.org/grpc"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
)

// The node service: every method is one stream of JSON messages through the transfer listener's
// codec; the request is the client's only message.
const serviceName = "kvwarden.node.v1.Node"

const (
	methodInfo    = "Info"
	methodReserve = "Reserve"
	methodPrefill = "Prefill"
	methodDrop    = "DropTenant"
	methodVocab   = "Tokenizer"
	methodConsole = "Console"
	methodClaim   = "Claim"
)

var serviceDesc = grpc.ServiceDesc{
	ServiceName: serviceName,
	HandlerType: (*any)(nil),
	Streams: []grpc.StreamDesc{
		{StreamName: methodInfo, Handler: handle((*Service).info), ServerStreams: true, ClientStreams: true},
		{StreamName: methodReserve, Handler: handle((*Service).reserve), ServerStreams: true, ClientStreams: true},
		{StreamName: methodPrefill, Handler: handle((*Service).prefill), ServerStreams: true, ClientStreams: true},
		{StreamName: methodDrop, Handler: handle((*Service).drop), ServerStreams: true, ClientStreams: true},
		{StreamName: methodVocab, Handler: handle((*Service).vocab), ServerStreams: true, ClientStreams: true},
		{StreamName: methodConsole, Handler: handle((*Service).console), ServerStreams: true, ClientStreams: true},
		{StreamName: methodClaim, Handler: handle((*Service).claimHold), ServerStreams: true, ClientStreams: true},
	},
}

func handle(f func(*Service, grpc.ServerStream) error) grpc.StreamHandler {
	return func(srv any, ss grpc.ServerStream) error { return f(srv.(*Service), ss) }
}

// Service serves one node's engine to routers, on its listener (see StartNode).
type Service struct {
	role     string
	model    string
	e        *engine.Engine
	adapters *nodeAdapters
	reporter *console.EngineReporter
	h        *Handoffs // nil: the node serves no OpenAI API, and holds nothing
}

// InfoOf describes a node's engine (without its LoRA adapters: Service.info adds them).
func InfoOf(role, model string, e *engine.Engine) Info {
	in, st := e.Info(), e.Stats()
	return Info{Role: role, Model: model, Fingerprint: e.Fingerprint(), MaxContext: in.MaxContext, VocabSize: in.VocabSize,
		ChatTemplate: in.ChatTemplate, FreePages: st.PagesFree + st.PagesIdle, Queue: st.Waiting + st.Transferring,
		Transferring: st.Transferring, PrefillTokens: st.PrefillTokens, DecodeTokens: st.DecodeTokens,
		Running: st.Running, PageTokens: in.PageTokens,
		Pages: Pages{Total: st.PagesTotal, Free: st.PagesFree, Owned: st.PagesOwned, Cached: st.PagesCached,
			Idle: st.PagesIdle, Quarantined: st.PagesQuarantined}}
}

func (s *Service) info(ss grpc.ServerStream) error {
	var q struct{}
	if err := recv(ss, &q); err != nil {
		return err
	}
	in := InfoOf(s.role, s.model, s.e)
	in.Adapters = s.adapters.load().fingerprints()
	return send(ss, in)
}

// vocab sends the model's tokenizer, so a router needs no copy of the model file.
func (s *Service) vocab(ss grpc.ServerStream) error {
	var q struct{}
	if err := recv(ss, &q); err != nil {
		return err
	}
	return send(ss, vocabOf(s.e.Tokenizer().Config()))
}

// consoleRequest asks a node for its console report with at most Cells cells in its map.
type consoleRequest struct{ Cells int }

func (s *Service) console(ss grpc.ServerStream) error {
	var q consoleRequest
	if err := recv(ss, &q); err != nil {
		return err
	}
	return send(ss, s.reporter.Report(min(max(q.Cells, 1), console.MaxCells)))
}

func (s *Service) drop(ss grpc.ServerStream) error {
	var tenant string
	if err := recv(ss, &tenant); err != nil {
		return err
	}
	return send(ss, s.e.DropTenant(tenant))
}

func (s *Service) reserve(ss grpc.ServerStream) error {
	var j job
	if err := recv(ss, &j); err != nil {
		return err
	}
	if s.role != RoleDecode {
		return send(ss, event{Reject: &failure{Reason: "invalid", Message: "this node does not decode"}})
	}
	r, refused := s.adapters.request(&j)
	if refused != nil {
		return send(ss, event{Reject: refused})
	}
	// The stream's context is the request's: a router that goes away cancels it. The prefill
	// node scores the prompt; here it is never computed.
	r.PromptLogprobs = false
	rv, st, err := s.e.ReserveDecode(ss.Context(), r)
	if err != nil {
		return send(ss, rejection(err))
	}
	defer st.Close()
	d := &dest{Transfer: rv.Transfer, Request: rv.Request, Ticket: rv.Ticket, Tokens: rv.Tokens}
	if err := send(ss, event{Admitted: true, Reserved: d}); err != nil {
		return err
	}
	return forward(ss, st)
}

func (s *Service) prefill(ss grpc.ServerStream) error {
	var j job
	if err := recv(ss, &j); err != nil {
		return err
	}
	if s.role != RolePrefill || j.Dest == nil {
		return send(ss, event{Reject: &failure{Reason: "invalid", Message: "this node does not prefill, or no destination"}})
	}
	r, refused := s.adapters.request(&j)
	if refused != nil {
		return send(ss, event{Reject: refused})
	}
	d := engine.Destination{Peer: j.Dest.Peer, Reserved: engine.Reserved{Transfer: j.Dest.Transfer, Request: j.Dest.Request, Ticket: j.Dest.Ticket, Tokens: j.Dest.Tokens}}
	st, err := s.e.SubmitPrefill(ss.Context(), r, d)
	if err != nil {
		return send(ss, rejection(err))
	}
	defer st.Close()
	if err := send(ss, event{Admitted: true}); err != nil {
		return err
	}
	return forward(ss, st)
}

func rejection(err error) event {
	var rej *engine.RejectError
	if errors.As(err, &rej) {
		return event{Reject: &failure{Reason: string(rej.Reason), Message: rej.Message}}
	}
	var ab *engine.AbortError
	if errors.As(err, &ab) {
		return event{Reject: &failure{Reason: string(ab.Reason), Message: ab.Message}}
	}
	return event{Reject: &failure{Reason: "overloaded", Message: err.Error()}}
}

// forward streams an engine stream's events to the router until the terminal one.
func forward(ss grpc.ServerStream, st engine.Stream) error {
	for ev := range st.Events() {
		if err := send(ss, wireEvent(ev)); err != nil {
			return err
		}
	}
	return nil
}

// wireEvent is an engine event as the node API sends it.
func wireEvent(ev engine.Event) event {
	out := event{Tokens: tokensOf(ev.Tokens), Prompt: tokensOf(ev.Prompt), Done: ev.Done, Finish: ev.Finish, Usage: ev.Usage}
	var ab *engine.AbortError
	if errors.As(ev.Err, &ab) {
		out.Abort = &failure{Reason: string(ab.Reason), Message: ab.Message, Defence: ab.Defence}
	} else if ev.Err != nil {
		out.Abort = &failure{Reason: "internal", Message: ev.Err.Error()}
	}
	return out
}

// call opens a method's stream on cc and sends its one request.
func call(ctx context.Context, cc grpc.ClientConnInterface, method string, req any) (grpc.ClientStream, error) {
	desc := &serviceDesc.Streams[0]
	for i := range serviceDesc.Streams {
		if serviceDesc.Streams[i].StreamName == method {
			desc = &serviceDesc.Streams[i]
		}
	}
	cs, err := cc.NewStream(ctx, desc, "/"+serviceName+"/"+method)
	if err != nil {
		return nil, err
	}
	if err := send(cs, req); err != nil {
		return nil, err
	}
	if err := cs.CloseSend(); err != nil {
		return nil, err
	}
	return cs, nil
}
