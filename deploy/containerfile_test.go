package deploy_test

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// instruction is one Containerfile instruction, its continuation lines joined.
type instruction struct {
	op, args string
}

func readContainerfile(t *testing.T) []instruction {
	t.Helper()
	b, err := os.ReadFile("Containerfile")
	if err != nil {
		t.Fatal(err)
	}
	var ins []instruction
	cur := ""
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "#") || (line == "" && cur == "") {
			continue
		}
		if l, ok := strings.CutSuffix(line, `\`); ok {
			cur += l + " "
			continue
		}
		cur += line
		op, args, _ := strings.Cut(cur, " ")
		ins = append(ins, instruction{strings.ToUpper(op), strings.TrimSpace(args)})
		cur = ""
	}
	return ins
}

// goVersion is go.mod's go directive, which the build stage's toolchain must be (GOTOOLCHAIN=local).
func goVersion(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^go (\S+)$`).FindSubmatch(b)
	if m == nil {
		t.Fatal("go.mod has no go directive")
	}
	return string(m[1])
}

// TestContainerfile checks the image definition: a build stage of go.mod's toolchain making a
// static binary from the vendored modules, a final stage of distroless/static (or scratch) with
// only that binary, a non-root numeric user, the binary as the entrypoint, and the exposed ports
// those the manifests publish.
func TestContainerfile(t *testing.T) {
	ins := readContainerfile(t)
	var stages [][]instruction
	for _, in := range ins {
		if in.op == "FROM" {
			stages = append(stages, nil)
		}
		if len(stages) == 0 {
			t.Fatalf("%s before the first FROM", in.op)
		}
		stages[len(stages)-1] = append(stages[len(stages)-1], in)
	}
	if len(stages) < 2 {
		t.Fatalf("%d stages, want a build stage and a final stage", len(stages))
	}
	build, final := stages[0], stages[len(stages)-1]
	if want := "docker.io/library/golang:" + goVersion(t) + " AS build"; build[0].args != want {
		t.Errorf("build stage FROM %q, want %q (go.mod's toolchain)", build[0].args, want)
	}
	var env, gobuild string
	for _, in := range build {
		switch {
		case in.op == "ENV":
			env += " " + in.args
		case in.op == "RUN" && strings.Contains(in.args, "go build"):
			gobuild = in.args
		}
	}
	for _, want := range []string{"CGO_ENABLED=0", "GOTOOLCHAIN=local"} {
		if !strings.Contains(env, want) {
			t.Errorf("build stage ENV lacks %s", want)
		}
	}
	for _, want := range []string{"-mod=vendor", "-trimpath", "-o /out/kvwarden", "./cmd/kvwarden"} {
		if !strings.Contains(gobuild, want) {
			t.Errorf("go build %q lacks %s", gobuild, want)
		}
	}
	base := final[0].args
	if !strings.HasPrefix(base, "gcr.io/distroless/static") && base != "scratch" {
		t.Errorf("final stage FROM %s, want distroless/static or scratch", base)
	}
	var user, entrypoint string
	var exposed []int
	for _, in := range final[1:] {
		switch in.op {
		case "COPY":
			if in.args != "--from=build /out/kvwarden /kvwarden" {
				t.Errorf("final stage COPY %s: want only the binary", in.args)
			}
		case "USER":
			user = in.args
		case "ENTRYPOINT":
			entrypoint = in.args
		case "EXPOSE":
			for _, p := range strings.Fields(in.args) {
				n, err := strconv.Atoi(p)
				if err != nil {
					t.Errorf("EXPOSE %s", p)
				}
				exposed = append(exposed, n)
			}
		default:
			t.Errorf("final stage %s %s: it has no shell to RUN in and should hold the binary only", in.op, in.args)
		}
	}
	uid, _, _ := strings.Cut(user, ":")
	if n, err := strconv.Atoi(uid); err != nil || n == 0 {
		t.Errorf("USER %q: want a numeric non-root UID (runAsNonRoot cannot check a name)", user)
	}
	var ep []string
	if err := json.Unmarshal([]byte(entrypoint), &ep); err != nil || !slices.Equal(ep, []string{"/kvwarden"}) {
		t.Errorf(`ENTRYPOINT %s, want ["/kvwarden"] (exec form: there is no shell)`, entrypoint)
	}
	slices.Sort(exposed)
	if want := publishedPorts(t); !slices.Equal(exposed, want) {
		t.Errorf("EXPOSE %v, but the manifests publish %v", exposed, want)
	}
}

// publishedPorts are the container ports of every kvwarden container of every overlay.
func publishedPorts(t *testing.T) []int {
	t.Helper()
	var ports []int
	for _, o := range overlays {
		objs, err := build(o)
		if err != nil {
			t.Fatal(err)
		}
		for _, obj := range objs {
			for _, c := range obj.Spec.Template.Spec.Containers {
				if !strings.HasPrefix(c.Image, "kvwarden:") {
					continue // another image's (the gateway's endpoint picker)
				}
				for _, p := range c.Ports {
					if !slices.Contains(ports, p.ContainerPort) {
						ports = append(ports, p.ContainerPort)
					}
				}
			}
		}
	}
	slices.Sort(ports)
	return ports
}
