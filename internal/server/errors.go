package server

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// OpenAI's error types.
const (
	errInvalidRequest = "invalid_request_error"
	errAuthentication = "authentication_error"
	errNotFound       = "not_found_error"
	errRateLimit      = "rate_limit_error"
	errServer         = "server_error"
)

// apiError is an error answer in OpenAI's shape. Its message speaks only about the caller's own
// request: it never quotes another request, a prompt or an output.
type apiError struct {
	Status     int
	Type       string
	Message    string
	Param      string
	Code       string
	RetryAfter int    // seconds; 0 omits the header
	Reason     string // label for the rejected-requests metric
}

func (e *apiError) Error() string { return e.Message }

type errorBody struct {
	Error errorObject `json:"error"`
}

type errorObject struct {
	Message string  `json:"message"`
	Type    string  `json:"type"`
	Param   *string `json:"param"`
	Code    *string `json:"code"`
}

func (e *apiError) body() errorBody {
	b := errorBody{Error: errorObject{Message: e.Message, Type: e.Type}}
	if e.Param != "" {
		b.Error.Param = &e.Param
	}
	if e.Code != "" {
		b.Error.Code = &e.Code
	}
	return b
}

func badRequest(param, format string, a ...any) *apiError {
	return &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: param, Message: fmt.Sprintf(format, a...), Code: "invalid_value", Reason: "bad_request"}
}

func writeError(w http.ResponseWriter, e *apiError) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	if e.RetryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(e.RetryAfter))
	}
	w.WriteHeader(e.Status)
	b, _ := json.Marshal(e.body())
	w.Write(append(b, '\n'))
}

// errShuttingDown refuses a generation request once the server drains.
var errShuttingDown = &apiError{Status: http.StatusServiceUnavailable, Type: errServer, Code: "shutting_down", RetryAfter: 5,
	Message: "the server is shutting down; retry on another replica", Reason: "shutting_down"}

// fromSubmit maps an engine.Submit error to an answer. promptLen and maxTokens describe the
// refused engine request and maxContext is the advertised limit, so a length error names both
// the request's size and the limit even if the engine's message were terse.
func fromSubmit(err error, promptParam string, promptLen, maxTokens, maxContext int) *apiError {
	var re *engine.RejectError
	if !errors.As(err, &re) {
		return &apiError{Status: http.StatusInternalServerError, Type: errServer, Message: "the engine could not take the request", Code: "internal_error", Reason: "internal"}
	}
	switch re.Reason {
	case kvtypes.RejectContextLength:
		return &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: promptParam, Code: "context_length_exceeded",
			Message: fmt.Sprintf("This model's maximum context length is %d tokens, but this request needs %d tokens (%d in the prompt + %d max_tokens); shorten the prompt or lower max_tokens (engine: %s)",
				maxContext, promptLen+maxTokens, promptLen, maxTokens, re.Message), Reason: "context_length"}
	case kvtypes.RejectPoolCapacity:
		return &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Code: "context_length_exceeded",
			Message: "this request needs more KV cache than the server can ever hold: " + re.Message, Reason: "pool_capacity"}
	case kvtypes.RejectOverloaded:
		return &apiError{Status: http.StatusTooManyRequests, Type: errRateLimit, Code: "overloaded", RetryAfter: 1,
			Message: "the server is overloaded; retry later", Reason: "overloaded"}
	case kvtypes.RejectShuttingDown:
		return errShuttingDown
	case kvtypes.RejectUnknownModel: // an adapter no node serves now: as a typo, no existence oracle
		return modelNotFound()
	case kvtypes.RejectHandoff:
		return &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Param: "kv_transfer_params", Code: "kv_transfer_refused",
			Message: re.Message, Reason: "kv_transfer"}
	default:
		return &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Code: "invalid_request",
			Message: "the engine refused the request: " + re.Message, Reason: "invalid"}
	}
}

var knownAbort = map[kvtypes.AbortReason]bool{kvtypes.AbortCancelled: true, kvtypes.AbortDeadline: true, kvtypes.AbortInternal: true,
	kvtypes.AbortIsolation: true, kvtypes.AbortShutdown: true, kvtypes.AbortTransfer: true, kvtypes.AbortNodeLost: true, kvtypes.AbortConstraint: true}

// errConstraintBound answers a request whose structured output could not go on within the
// grammar's bounds: its schema's doing, so a 400, and no failure of the server's.
var errConstraintBound = &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Code: "structured_output_bound", Reason: "aborted_constraint",
	Message: fmt.Sprintf("the structured output could not continue within the grammar's bounds (at most %d stacks in one state, values nested at most %d levels): simplify the schema", grammar.MaxStacks, grammar.MaxDepth)}

// fromAbort maps a stream's terminal error. The engine's own message stays in the server log: it
// may describe internals (pages, generations) that are none of the caller's business.
func fromAbort(err error) *apiError {
	reason := "internal"
	var ae *engine.AbortError
	if errors.As(err, &ae) && knownAbort[ae.Reason] {
		reason = string(ae.Reason) // from a fixed set: it becomes a metric label
	}
	if reason == string(kvtypes.AbortConstraint) {
		return errConstraintBound
	}
	label := reason
	defended := ae != nil && slices.Contains(kvtypes.Defences[:], ae.Defence)
	if defended {
		reason += ", stopped by defence " + string(ae.Defence) // a fixed name, like the reason
	}
	status, retry := http.StatusInternalServerError, 0
	switch kvtypes.AbortReason(label) {
	case kvtypes.AbortShutdown:
		status = http.StatusServiceUnavailable
	case kvtypes.AbortNodeLost, kvtypes.AbortTransfer:
		// A router's node went away, or the hand-off between two nodes failed with no defence
		// firing (the peer was lost): other nodes may serve a retry.
		if !defended {
			status, retry = http.StatusServiceUnavailable, 1
		}
	}
	return &apiError{Status: status, Type: errServer, Code: "request_aborted", RetryAfter: retry,
		Message: fmt.Sprintf("the request was aborted (%s) and produced no valid completion", reason), Reason: "aborted_" + label}
}
