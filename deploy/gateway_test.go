package deploy_test

import (
	"bytes"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"testing"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	prommodel "github.com/prometheus/common/model"
	"go.yaml.in/yaml/v3"
)

// gatewayObject is what TestGatewayInferenceExtension reads of the gateway overlay's objects.
type gatewayObject struct {
	Kind     string `yaml:"kind"`
	APIVer   string `yaml:"apiVersion"`
	Metadata struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		// InferencePool
		Selector struct {
			MatchLabels map[string]string `yaml:"matchLabels"`
		} `yaml:"selector"`
		TargetPorts []struct {
			Number int `yaml:"number"`
		} `yaml:"targetPorts"`
		EndpointPickerRef struct {
			Name string `yaml:"name"`
			Port struct {
				Number int `yaml:"number"`
			} `yaml:"port"`
		} `yaml:"endpointPickerRef"`
		// HTTPRoute
		Rules []struct {
			BackendRefs []struct {
				Group string `yaml:"group"`
				Kind  string `yaml:"kind"`
				Name  string `yaml:"name"`
			} `yaml:"backendRefs"`
		} `yaml:"rules"`
		// NetworkPolicy
		PodSelector struct {
			MatchLabels map[string]string `yaml:"matchLabels"`
		} `yaml:"podSelector"`
		Ingress []struct {
			From []struct {
				PodSelector struct {
					MatchLabels map[string]string `yaml:"matchLabels"`
				} `yaml:"podSelector"`
			} `yaml:"from"`
			Ports []struct {
				Port string `yaml:"port"`
			} `yaml:"ports"`
		} `yaml:"ingress"`
	} `yaml:"spec"`
}

func readGatewayObjects(t *testing.T, files ...string) map[string]gatewayObject {
	t.Helper()
	out := map[string]gatewayObject{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dec := yaml.NewDecoder(bytes.NewReader(b))
		for {
			var o gatewayObject
			if err := dec.Decode(&o); err == io.EOF {
				break
			} else if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			out[o.Kind+"/"+o.Metadata.Name] = o
		}
	}
	return out
}

// eppMetricFlags are the EPP's flags naming a model server's series, and the type each must have.
var eppMetricFlags = map[string]dto.MetricType{
	"total-queued-requests-metric":     dto.MetricType_GAUGE,
	"total-running-requests-metric":    dto.MetricType_GAUGE,
	"kv-cache-usage-percentage-metric": dto.MetricType_GAUGE,
	"cache-info-metric":                dto.MetricType_GAUGE,
}

// TestGatewayInferenceExtension checks the gateway overlay against the binaries: the EPP release
// pinned defines every flag passed (its recorded flags, testdata/epp-TAG.flags.txt); the InferencePool
// selects the kvwarden pods on their API port and names the EPP's Service and gRPC port; the
// HTTPRoute sends to the pool; the EPP scrapes each pod's metrics listener, and every metric its
// flags name is a series kvwarden serves, of the type the EPP reads (cache info with block_size),
// with LoRA info off; and the NetworkPolicy lets the EPP reach the metrics port.
func TestGatewayInferenceExtension(t *testing.T) {
	objs, err := build("k8s/gateway")
	if err != nil {
		t.Fatal(err)
	}
	ws := workloads(t, serveFlags(t), objs)
	if len(ws) != 1 || ws[0].role != "single" {
		t.Fatalf("gateway overlay: want the single-process workload, have %v", ws)
	}
	kv := ws[0]
	g := readGatewayObjects(t, "k8s/gateway/inferencepool.yaml", "k8s/gateway/networkpolicy.yaml")
	pool, ok := g["InferencePool/kvwarden"]
	if !ok || pool.APIVer != "inference.networking.k8s.io/v1" {
		t.Fatalf("no inference.networking.k8s.io/v1 InferencePool kvwarden: %+v", pool)
	}
	if !selects(map[string]any{"matchLabels": toAny(pool.Spec.Selector.MatchLabels)}, kv.obj.Spec.Template.Metadata.Labels) {
		t.Errorf("the pool selects %v, not the kvwarden pods", pool.Spec.Selector.MatchLabels)
	}
	if len(pool.Spec.TargetPorts) != 1 || pool.Spec.TargetPorts[0].Number != portOf(kv.c, "api") {
		t.Errorf("pool targetPorts %+v, want the API port %d", pool.Spec.TargetPorts, portOf(kv.c, "api"))
	}
	route := g["HTTPRoute/kvwarden"]
	if len(route.Spec.Rules) == 0 || len(route.Spec.Rules[0].BackendRefs) != 1 ||
		route.Spec.Rules[0].BackendRefs[0] != (struct {
			Group string `yaml:"group"`
			Kind  string `yaml:"kind"`
			Name  string `yaml:"name"`
		}{"inference.networking.k8s.io", "InferencePool", "kvwarden"}) {
		t.Errorf("HTTPRoute kvwarden does not send to the pool: %+v", route.Spec.Rules)
	}

	var epp *object
	for i, o := range objs {
		if o.Kind == "Deployment" && o.Metadata.Name == pool.Spec.EndpointPickerRef.Name {
			epp = &objs[i]
		}
	}
	svc := service(objs, pool.Spec.EndpointPickerRef.Name)
	if epp == nil || svc == nil {
		t.Fatalf("the pool's endpoint picker %q: no Deployment and Service of that name", pool.Spec.EndpointPickerRef.Name)
	}
	c := epp.Spec.Template.Spec.Containers[0]
	checkEPPFlags(t, c.Image, c.Args)
	flags := map[string]string{}
	for _, a := range c.Args {
		k, v, ok := strings.Cut(strings.TrimPrefix(a, "--"), "=")
		if !ok || !strings.HasPrefix(a, "--") {
			t.Fatalf("EPP arg %q: want --flag=value", a)
		}
		flags[k] = v
	}
	if flags["pool-name"] != pool.Metadata.Name {
		t.Errorf("EPP --pool-name %q, pool %q", flags["pool-name"], pool.Metadata.Name)
	}
	grpc, _ := strconv.Atoi(flags["grpc-port"])
	if ref := pool.Spec.EndpointPickerRef.Port.Number; grpc != ref || portOf(c, "grpc") != ref || len(svc.Spec.Ports) != 1 || svc.Spec.Ports[0].Port != ref {
		t.Errorf("EPP --grpc-port %d, container port %d, Service %+v; the pool's endpointPickerRef says %d", grpc, portOf(c, "grpc"), svc.Spec.Ports, ref)
	}
	_, metricsPort, err := splitHostPort(kv.flags["metrics-addr"])
	if err != nil {
		t.Fatal(err)
	}
	if flags["model-server-metrics-port"] != strconv.Itoa(metricsPort) || flags["model-server-metrics-path"] != "/metrics" {
		t.Errorf("EPP scrapes port %q path %q; kvwarden serves /metrics on --metrics-addr port %d",
			flags["model-server-metrics-port"], flags["model-server-metrics-path"], metricsPort)
	}
	if v, ok := flags["lora-info-metric"]; !ok || v != "" {
		t.Errorf("EPP --lora-info-metric %q: the overlay serves no LoRA adapters, want it set empty", v)
	}

	served := servedFamilies(t)
	for flag, typ := range eppMetricFlags {
		name, ok := flags[flag]
		f := served[name]
		switch {
		case !ok:
			t.Errorf("EPP: no --%s", flag)
		case f == nil:
			t.Errorf("EPP --%s=%s: kvwarden serves no such series", flag, name)
		case f.GetType() != typ:
			t.Errorf("EPP --%s=%s: a %v, the EPP reads a %v", flag, name, f.GetType(), typ)
		}
	}
	if f := served[flags["cache-info-metric"]]; f != nil {
		labels := map[string]string{}
		for _, l := range f.GetMetric()[0].GetLabel() {
			labels[l.GetName()] = l.GetValue()
		}
		if n, err := strconv.Atoi(labels["block_size"]); err != nil || n <= 0 {
			t.Errorf("%s block_size %q: the EPP's prefix scorer reads the page size there", flags["cache-info-metric"], labels["block_size"])
		}
	}

	np := g["NetworkPolicy/kvwarden-epp-scrape"]
	admitted := false
	for _, r := range np.Spec.Ingress {
		for _, from := range r.From {
			for _, p := range r.Ports {
				admitted = admitted || (p.Port == "metrics" && selects(map[string]any{"matchLabels": toAny(from.PodSelector.MatchLabels)}, epp.Spec.Template.Metadata.Labels))
			}
		}
	}
	if !admitted || !selects(map[string]any{"matchLabels": toAny(np.Spec.PodSelector.MatchLabels)}, kv.obj.Spec.Template.Metadata.Labels) {
		t.Error("no NetworkPolicy admits the EPP's pods to the kvwarden pods' metrics port")
	}
}

func toAny(m map[string]string) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

// servedFamilies runs a single process and reads its operator listener's /metrics.
func servedFamilies(t *testing.T) map[string]*dto.MetricFamily {
	t.Helper()
	return scrapeMetrics(t, start(t, []string{"serve", "--dev", "--addr", "127.0.0.1:0"}))
}

// scrapeMetrics reads the /metrics of the process start gave addrs of.
func scrapeMetrics(t *testing.T, addrs map[string]string) map[string]*dto.MetricFamily {
	t.Helper()
	resp, err := http.Get("http://" + addrs["metrics"] + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	parser := expfmt.NewTextParser(prommodel.UTF8Validation)
	fams, err := parser.TextToMetricFamilies(resp.Body)
	if err != nil {
		t.Fatalf("/metrics does not parse: %v", err)
	}
	return fams
}
