package deploy_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// eppImage is the endpoint picker's image repository; its tag is the release of the module
// sigs.k8s.io/gateway-api-inference-extension whose flags the golden file records.
const eppImage = "registry.k8s.io/gateway-api-inference-extension/epp"

// llmdEPPImage is llm-d's endpoint picker: the GIE runner with llm-d's plugins (pd-profile-handler,
// prefill-filter, ...) registered and no flag of its own. llmdEPPReleases maps its tags to the GIE
// version whose runner its go.mod pins, and so whose flags it has: the flags are checked against
// that version's record.
const llmdEPPImage = "ghcr.io/llm-d/llm-d-inference-scheduler"

var llmdEPPReleases = map[string]string{"v0.6.0": "v0.0.0-20260128235548-fd30cb97714a"}

var (
	// A flag line of pflag's usage ("      --pool-name string   Name of ...", "  -v, --v int"), or
	// of Go's flag package, which releases before v1.1.0 used ("  -pool-name string").
	usageFlag = regexp.MustCompile(`^\s+(?:-[A-Za-z], )?--?([a-z0-9][a-z0-9-]*)\b`)
	// pflag's notice for a deprecated flag it parsed (usage hides deprecated flags).
	deprecatedFlag = regexp.MustCompile(`^Flag --([a-z0-9][a-z0-9-]*) has been deprecated`)
)

// eppFlagsDefined reads the flags the EPP release tag defines from testdata/epp-TAG.flags.txt,
// which records that release's own binary (see its header): its -h output and what it printed
// when started with the manifest's arguments. deprecated are those it parsed with a warning.
func eppFlagsDefined(t *testing.T, tag string) (defined map[string]bool, deprecated map[string]bool) {
	t.Helper()
	path := filepath.Join("testdata", "epp-"+tag+".flags.txt")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("EPP %s: no record of that release's flags (%v); build its cmd/epp and record them as an existing testdata/epp-*.flags.txt's header says", tag, err)
	}
	if !strings.Contains(string(b), "sigs.k8s.io/gateway-api-inference-extension/cmd/epp@"+tag) {
		t.Fatalf("%s does not say it was built from cmd/epp@%s", path, tag)
	}
	defined, deprecated = map[string]bool{}, map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		if m := usageFlag.FindStringSubmatch(line); m != nil {
			defined[m[1]] = true
		}
		if m := deprecatedFlag.FindStringSubmatch(line); m != nil {
			defined[m[1]], deprecated[m[1]] = true, true
		}
	}
	if len(defined) < 10 {
		t.Fatalf("%s names %d flags: not a recorded -h output", path, len(defined))
	}
	return defined, deprecated
}

// checkEPPFlags fails for an EPP image that is not the GIE release's, or any flag in args that
// the pinned release does not define (its binary would exit 2 and the pod crash-loop).
func checkEPPFlags(t *testing.T, image string, args []string) {
	t.Helper()
	repo, tag, ok := strings.Cut(image, ":")
	if repo == llmdEPPImage {
		tag, ok = llmdEPPReleases[tag]
	}
	if !ok || (repo != eppImage && repo != llmdEPPImage) || tag == "" {
		t.Fatalf("EPP image %q: want %s:TAG, or %s at a tag of llmdEPPReleases", image, eppImage, llmdEPPImage)
	}
	defined, deprecated := eppFlagsDefined(t, tag)
	for _, a := range args {
		name, _, _ := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !defined[name] {
			t.Errorf("EPP %s does not define --%s: that binary exits 2 on it and the pod crash-loops", tag, name)
		}
		if deprecated[name] {
			t.Logf("EPP %s: --%s is deprecated in this release", tag, name)
		}
	}
}
