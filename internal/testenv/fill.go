package testenv

import (
	"fmt"
	"reflect"
	"testing"
)

// FillNonZero sets v, and every field, element and pointee in it, to a value other than its zero,
// derived from path (the name the failure messages use). Tests that must cover every field of a
// type, including the fields added after them (a request crossing the wire, a deep copy), fill
// it with this instead of naming the fields. A kind that holds code or a connection (a func, a
// channel, an interface) fails the test: such a type cannot be written down.
func FillNonZero(t testing.TB, path string, v reflect.Value) {
	t.Helper()
	switch v.Kind() {
	case reflect.String:
		v.SetString(path + " <&>") // markup, which JSON escapes
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(-int64(len(path)))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(uint64(len(path)) + 1<<7)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(0.1 * float64(len(path))) // not a short binary fraction: its bits must survive
	case reflect.Struct:
		for i := range v.NumField() {
			FillNonZero(t, path+"."+v.Type().Field(i).Name, v.Field(i))
		}
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		FillNonZero(t, path, v.Elem())
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			FillNonZero(t, fmt.Sprintf("%s[%d]", path, i), v.Index(i))
		}
	case reflect.Array:
		for i := range v.Len() {
			FillNonZero(t, fmt.Sprintf("%s[%d]", path, i), v.Index(i))
		}
	case reflect.Map:
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		FillNonZero(t, path+".key", k)
		FillNonZero(t, path+".value", e)
		v.Set(reflect.MakeMap(v.Type()))
		v.SetMapIndex(k, e)
	default:
		t.Fatalf("%s is a %s: it cannot be written down", path, v.Kind())
	}
}
