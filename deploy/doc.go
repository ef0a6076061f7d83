// Package deploy holds the container image definition and the Kubernetes manifests of kvwarden;
// its test checks them against the binary's flags and endpoints.
package deploy
