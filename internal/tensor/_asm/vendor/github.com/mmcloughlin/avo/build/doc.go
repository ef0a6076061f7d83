// Package build provides an assembly-like interface for incremental building of avo Files.
package build
