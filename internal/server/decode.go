package server

// The decoding of request bodies, before any parameter is looked at: the encoding, UTF-8, exactly
// one JSON object, and JSON type errors turned into 400 answers that name the parameter.

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"net/http"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// checkEncoding refuses a compressed body: it would be read as garbage JSON. Decoding is not offered
// since the body limit would have to apply to the decoded size (a small gzip bomb expands ~1000×),
// and clients of this API send plain JSON.
func checkEncoding(h http.Header) *apiError {
	for _, v := range h.Values("Content-Encoding") {
		for _, enc := range strings.Split(v, ",") {
			if enc = strings.TrimSpace(enc); enc != "" && !strings.EqualFold(enc, "identity") {
				return &apiError{Status: http.StatusUnsupportedMediaType, Type: errInvalidRequest, Code: "unsupported_content_encoding",
					Message: "Content-Encoding " + strconv.Quote(enc) + " is not supported: send the body uncompressed", Reason: "bad_request"}
			}
		}
	}
	return nil
}

// decodeJSON decodes a whole body into v: the body must be valid UTF-8 (encoding/json would
// otherwise replace bad bytes silently) and hold exactly one JSON object.
func decodeJSON(body []byte, v any) *apiError {
	if !utf8.Valid(body) {
		return badRequest("", "the request body is not valid UTF-8")
	}
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 || trimmed[0] != '{' {
		return badRequest("", "the request body must be a JSON object")
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return typeError(te)
		}
		// Syntax errors describe a position, not the body's content.
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return badRequest("", "malformed JSON at byte %d", se.Offset)
		}
		return badRequest("", "malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if _, err := dec.Token(); err != io.EOF {
		return badRequest("", "unexpected data after the JSON object")
	}
	if loneSurrogate(body) {
		return badRequest("", "the request body holds a \\u escape of a lone UTF-16 surrogate, which is not a character")
	}
	return nil
}

// embeddedPrefixes are how encoding/json names the embedded field groups in a field path; the
// client knows the JSON names only.
var embeddedPrefixes = []string{reflect.TypeFor[samplingFields]().Name() + ".", reflect.TypeFor[toolFields]().Name() + "."}

// typeError answers a value that does not fit its field: a number too large for its type is out
// of range (the same answer as a bound check), anything else has the wrong type.
func typeError(te *json.UnmarshalTypeError) *apiError {
	field := te.Field
	for _, p := range embeddedPrefixes {
		field = strings.TrimPrefix(field, p)
	}
	if num, ok := strings.CutPrefix(te.Value, "number "); ok {
		switch te.Type.Kind() {
		case reflect.Float32, reflect.Float64:
			// Every JSON number parses as a float unless its magnitude overflows.
			return outOfRange(field)
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
			if f, _, err := big.ParseFloat(num, 10, 64, big.ToNearestEven); err != nil || f.IsInt() {
				return outOfRange(field)
			}
		}
	}
	return badRequest(field, "parameter %q has the wrong type: want %s", field, jsonKind(te.Type.Kind().String()))
}

// loneSurrogate reports whether a valid JSON text escapes a UTF-16 surrogate that is not part of a
// pair: encoding/json would silently turn it into U+FFFD, while raw invalid UTF-8 is refused.
// In valid JSON a backslash occurs only in strings and starts an escape, so scanning escape by
// escape is enough.
func loneSurrogate(b []byte) bool {
	hex4 := func(i int) (rune, bool) {
		if i+6 > len(b) || b[i] != '\\' || b[i+1] != 'u' {
			return 0, false
		}
		v, err := strconv.ParseUint(string(b[i+2:i+6]), 16, 16)
		return rune(v), err == nil
	}
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' {
			continue
		}
		r, ok := hex4(i)
		switch {
		case !ok:
			i++ // a two-byte escape such as \\ or \"
		case r >= 0xDC00 && r <= 0xDFFF:
			return true // a low surrogate without a high one before it
		case r >= 0xD800 && r <= 0xDBFF:
			if lo, ok := hex4(i + 6); !ok || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 11
		default:
			i += 5
		}
	}
	return false
}

func jsonKind(goKind string) string {
	switch goKind {
	case "int64", "int", "int32":
		return "an integer"
	case "float64", "float32":
		return "a number"
	case "bool":
		return "a boolean"
	case "string":
		return "a string"
	case "slice":
		return "an array"
	case "map", "struct":
		return "an object"
	}
	return goKind
}
