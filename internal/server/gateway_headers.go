package server

// The headers a Gateway API Inference Extension gateway (llm-d's included) adds to what it
// forwards. They are the client's or the gateway's words, never proof of anything: they reach the
// request's log line only, and only when well formed, so a client cannot write control characters
// or a flood of bytes into an operator's log. The tenant is always the one the API key names; a
// fairness id naming another tenant changes nothing of billing, limits or the prefix cache.

import "net/http"

// maxGatewayHeaderLen bounds what one gateway header may bring into a log line (a UUID is 36).
const maxGatewayHeaderLen = 128

// gatewayHeaders are a request's well-formed gateway headers; "" where absent or refused.
type gatewayHeaders struct {
	requestID  string // x-request-id: echoed as X-Request-Id and logged, beside the server's own id
	objective  string // x-gateway-inference-objective: the InferenceObjective the gateway applied
	fairnessID string // x-gateway-inference-fairness-id: the gateway's fairness key
}

func readGatewayHeaders(h http.Header) gatewayHeaders {
	return gatewayHeaders{
		requestID:  loggable(h.Values("X-Request-Id")),
		objective:  loggable(h.Values("X-Gateway-Inference-Objective")),
		fairnessID: loggable(h.Values("X-Gateway-Inference-Fairness-Id")),
	}
}

// loggable is a header's one value when it is 1 to maxGatewayHeaderLen printable ASCII
// characters without spaces, else "": several values would leave it to us which one counts.
func loggable(values []string) string {
	if len(values) != 1 || len(values[0]) == 0 || len(values[0]) > maxGatewayHeaderLen {
		return ""
	}
	for i := 0; i < len(values[0]); i++ {
		if c := values[0][i]; c <= ' ' || c > '~' {
			return ""
		}
	}
	return values[0]
}

// logAttrs appends the headers present to a request's log attributes.
func (g gatewayHeaders) logAttrs(attrs []any) []any {
	for _, a := range []struct{ key, value string }{
		{"x_request_id", g.requestID}, {"objective", g.objective}, {"fairness_id", g.fairnessID},
	} {
		if a.value != "" {
			attrs = append(attrs, a.key, a.value)
		}
	}
	return attrs
}
