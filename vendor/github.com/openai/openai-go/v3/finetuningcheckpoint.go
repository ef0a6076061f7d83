// File generated from our OpenAPI spec by Castiron. See CONTRIBUTING.md for details.

package openai

import (
	"github.com/openai/openai-go/v3/internal/requestconfig"
	"github.com/openai/openai-go/v3/option"
)

// FineTuningCheckpointService contains methods and other services that help with
// interacting with the openai API.
//
// Note, unlike clients, this service does not read variables from the environment
// automatically. You should not instantiate this service directly, and instead use
// the [NewFineTuningCheckpointService] method instead.
type FineTuningCheckpointService struct {
	Options []option.RequestOption
	// Manage fine-tuning jobs to tailor a model to your specific training data.
	Permissions FineTuningCheckpointPermissionService
}

// NewFineTuningCheckpointService generates a new service that applies the given
// options to each request. These options are applied after the parent client's
// options (if there is one), and before any request-specific options.
func NewFineTuningCheckpointService(opts ...option.RequestOption) (r FineTuningCheckpointService) {
	r = FineTuningCheckpointService{}
	r.Options = requestconfig.InheritedOptions(opts...)
	r.Permissions = NewFineTuningCheckpointPermissionService(opts...)
	return
}
