// File generated from our OpenAPI spec by Castiron. See CONTRIBUTING.md for details.

package constant

import (
	shimjson "github.com/openai/openai-go/v3/internal/encoding/json"
)

type Constant[T any] interface {
	Default() T
}

// ValueOf gives the default value of a constant from its type. It's helpful when
// constructing constants as variants in a one-of. Note that empty structs are
// marshalled by default. Usage: constant.ValueOf[constant.Foo]()
func ValueOf[T Constant[T]]() T {
	var t T
	return t.Default()
}

type Active string                                            // Always "active"
type AdditionalTools string                                   // Always "additional_tools"
type Agent string                                             // Always "agent"
type AgentMessage string                                      // Always "agent_message"
type AgentAutomation string                                   // Always "agent.automation"
type AgentAutomationDeleted string                            // Always "agent.automation.deleted"
type AgentAutomationInvocation string                         // Always "agent.automation.invocation"
type AgentDeleted string                                      // Always "agent.deleted"
type AgentEnvironment string                                  // Always "agent.environment"
type AgentEnvironmentExpired string                           // Always "agent.environment.expired"
type AgentEnvironmentFailed string                            // Always "agent.environment.failed"
type AgentEnvironmentFile string                              // Always "agent.environment.file"
type AgentEnvironmentReady string                             // Always "agent.environment.ready"
type AgentEnvironmentSuspended string                         // Always "agent.environment.suspended"
type AgentEnvironmentTemplate string                          // Always "agent.environment.template"
type AgentEnvironmentTemplateDeleted string                   // Always "agent.environment.template.deleted"
type AgentOutputCommandExecutionOutputDelta string            // Always "agent.output.command_execution_output.delta"
type AgentSession string                                      // Always "agent.session"
type AgentSessionActionRequired string                        // Always "agent.session.action_required"
type AgentSessionArtifact string                              // Always "agent.session.artifact"
type AgentSessionArtifactDeleted string                       // Always "agent.session.artifact.deleted"
type AgentSessionCreated string                               // Always "agent.session.created"
type AgentSessionDeleted string                               // Always "agent.session.deleted"
type AgentSessionEnvironmentConnected string                  // Always "agent.session.environment.connected"
type AgentSessionEnvironmentDisconnected string               // Always "agent.session.environment.disconnected"
type AgentSessionEnvironmentExpired string                    // Always "agent.session.environment.expired"
type AgentSessionEnvironmentFailed string                     // Always "agent.session.environment.failed"
type AgentSessionEnvironmentPending string                    // Always "agent.session.environment.pending"
type AgentSessionEnvironmentReady string                      // Always "agent.session.environment.ready"
type AgentSessionEnvironmentReset string                      // Always "agent.session.environment.reset"
type AgentSessionEnvironmentSuspended string                  // Always "agent.session.environment.suspended"
type AgentSessionFailed string                                // Always "agent.session.failed"
type AgentSessionIdle string                                  // Always "agent.session.idle"
type AgentSessionInProgress string                            // Always "agent.session.in_progress"
type AgentSessionInputCancel string                           // Always "agent.session.input.cancel"
type AgentSessionInputComputerUseApprovalRequestResult string // Always "agent.session.input.computer_use_approval_request_result"
type AgentSessionInputMessage string                          // Always "agent.session.input.message"
type AgentSessionInputToolResult string                       // Always "agent.session.input.tool_result"
type AgentSessionRequiresAction string                        // Always "agent.session.requires_action"
type AgentSessionSubagentActive string                        // Always "agent.session.subagent.active"
type AgentSessionSubagentClosed string                        // Always "agent.session.subagent.closed"
type AgentSessionSubagentCreated string                       // Always "agent.session.subagent.created"
type AgentSessionTrace string                                 // Always "agent.session.trace"
type AgentSessionTurnCancelled string                         // Always "agent.session.turn.cancelled"
type AgentSessionTurnCompleted string                         // Always "agent.session.turn.completed"
type AgentSessionTurnContentPartAdded string                  // Always "agent.session.turn.content_part.added"
type AgentSessionTurnContentPartDone string                   // Always "agent.session.turn.content_part.done"
type AgentSessionTurnCreated string                           // Always "agent.session.turn.created"
type AgentSessionTurnFailed string                            // Always "agent.session.turn.failed"
type AgentSessionTurnInProgress string                        // Always "agent.session.turn.in_progress"
type AgentSessionTurnItemAdded string                         // Always "agent.session.turn.item.added"
type AgentSessionTurnItemDone string                          // Always "agent.session.turn.item.done"
type AgentSessionTurnOutputTextDelta string                   // Always "agent.session.turn.output_text.delta"
type AgentSessionTurnOutputTextDone string                    // Always "agent.session.turn.output_text.done"
type AgentSessionTurnReasoningSummaryPartAdded string         // Always "agent.session.turn.reasoning_summary_part.added"
type AgentSessionTurnReasoningSummaryPartDone string          // Always "agent.session.turn.reasoning_summary_part.done"
type AgentSessionTurnReasoningSummaryTextDelta string         // Always "agent.session.turn.reasoning_summary_text.delta"
type AgentSessionTurnReasoningSummaryTextDone string          // Always "agent.session.turn.reasoning_summary_text.done"
type All string                                               // Always "all"
type AllowedTools string                                      // Always "allowed_tools"
type Allowlist string                                         // Always "allowlist"
type ApplicationZip string                                    // Always "application/zip"
type ApplyPatch string                                        // Always "apply_patch"
type ApplyPatchCall string                                    // Always "apply_patch_call"
type ApplyPatchCallOutput string                              // Always "apply_patch_call_output"
type Approximate string                                       // Always "approximate"
type Assistant string                                         // Always "assistant"
type AssistantDeleted string                                  // Always "assistant.deleted"
type AudioSample string                                       // Always "audio_sample"
type AudioVoice string                                        // Always "audio.voice"
type AudioVoiceConsent string                                 // Always "audio.voice_consent"
type AudioVoiceDeleted string                                 // Always "audio.voice.deleted"
type AudioPCM string                                          // Always "audio/pcm"
type AudioPCMA string                                         // Always "audio/pcma"
type AudioPCMU string                                         // Always "audio/pcmu"
type Auto string                                              // Always "auto"
type Automation string                                        // Always "automation"
type Automations string                                       // Always "automations"
type Aws string                                               // Always "aws"
type Azure string                                             // Always "azure"
type Base64 string                                            // Always "base64"
type Batch string                                             // Always "batch"
type BatchCancelled string                                    // Always "batch.cancelled"
type BatchCompleted string                                    // Always "batch.completed"
type BatchExpired string                                      // Always "batch.expired"
type BatchFailed string                                       // Always "batch.failed"
type BrowserAuthentication string                             // Always "browser_authentication"
type BrowserOriginAccess string                               // Always "browser_origin_access"
type Bucket string                                            // Always "bucket"
type C2PA string                                              // Always "c2pa"
type CacheHit string                                          // Always "cache_hit"
type CacheMiss string                                         // Always "cache_miss"
type CallError string                                         // Always "call_error"
type Cancel string                                            // Always "cancel"
type CertificateDeleted string                                // Always "certificate.deleted"
type ChatCompletion string                                    // Always "chat.completion"
type ChatCompletionChunk string                               // Always "chat.completion.chunk"
type ChatCompletionDeleted string                             // Always "chat.completion.deleted"
type ChatKitAssistantMessage string                           // Always "chatkit.assistant_message"
type ChatKitClientToolCall string                             // Always "chatkit.client_tool_call"
type ChatKitSession string                                    // Always "chatkit.session"
type ChatKitTask string                                       // Always "chatkit.task"
type ChatKitTaskGroup string                                  // Always "chatkit.task_group"
type ChatKitThread string                                     // Always "chatkit.thread"
type ChatKitThreadItem string                                 // Always "chatkit.thread_item"
type ChatKitThreadDeleted string                              // Always "chatkit.thread.deleted"
type ChatKitUserMessage string                                // Always "chatkit.user_message"
type ChatKitWidget string                                     // Always "chatkit.widget"
type CheckpointPermission string                              // Always "checkpoint.permission"
type Choice string                                            // Always "choice"
type Click string                                             // Always "click"
type Client string                                            // Always "client"
type ClientSecretBasic string                                 // Always "client_secret_basic"
type ClientSecretPost string                                  // Always "client_secret_post"
type CloseSubagentCall string                                 // Always "close_subagent_call"
type Closed string                                            // Always "closed"
type CodeInterpreter string                                   // Always "code_interpreter"
type CodeInterpreterCall string                               // Always "code_interpreter_call"
type CommandExecution string                                  // Always "command_execution"
type Compaction string                                        // Always "compaction"
type CompactionTrigger string                                 // Always "compaction_trigger"
type ComparisonResponseNotFound string                        // Always "comparison_response_not_found"
type Computer string                                          // Always "computer"
type ComputerCallOutput string                                // Always "computer_call_output"
type ComputerScreenshot string                                // Always "computer_screenshot"
type ComputerUse string                                       // Always "computer_use"
type ComputerUseApprovalRequest string                        // Always "computer_use_approval_request"
type ComputerUseApprovalRequestResult string                  // Always "computer_use_approval_request_result"
type ComputerUseCall string                                   // Always "computer_use_call"
type ComputerUsePreview string                                // Always "computer_use_preview"
type ConfigurationUpdate string                               // Always "configuration_update"
type ContainerAuto string                                     // Always "container_auto"
type ContainerFileCitation string                             // Always "container_file_citation"
type ContainerReference string                                // Always "container_reference"
type ContainerFile string                                     // Always "container.file"
type Content string                                           // Always "content"
type Conversation string                                      // Always "conversation"
type ConversationCreated string                               // Always "conversation.created"
type ConversationDeleted string                               // Always "conversation.deleted"
type ConversationItemAdded string                             // Always "conversation.item.added"
type ConversationItemCreate string                            // Always "conversation.item.create"
type ConversationItemCreated string                           // Always "conversation.item.created"
type ConversationItemDelete string                            // Always "conversation.item.delete"
type ConversationItemDeleted string                           // Always "conversation.item.deleted"
type ConversationItemDone string                              // Always "conversation.item.done"
type ConversationItemInputAudioTranscriptionCompleted string  // Always "conversation.item.input_audio_transcription.completed"
type ConversationItemInputAudioTranscriptionDelta string      // Always "conversation.item.input_audio_transcription.delta"
type ConversationItemInputAudioTranscriptionFailed string     // Always "conversation.item.input_audio_transcription.failed"
type ConversationItemInputAudioTranscriptionSegment string    // Always "conversation.item.input_audio_transcription.segment"
type ConversationItemRetrieve string                          // Always "conversation.item.retrieve"
type ConversationItemRetrieved string                         // Always "conversation.item.retrieved"
type ConversationItemTruncate string                          // Always "conversation.item.truncate"
type ConversationItemTruncated string                         // Always "conversation.item.truncated"
type CreateFile string                                        // Always "create_file"
type CreateSubagentCall string                                // Always "create_subagent_call"
type CreatedAt string                                         // Always "created_at"
type Custom string                                            // Always "custom"
type CustomToolCall string                                    // Always "custom_tool_call"
type CustomToolCallOutput string                              // Always "custom_tool_call_output"
type DecisionCompleted string                                 // Always "decision.completed"
type DecisionCreate string                                    // Always "decision.create"
type DecisionEvent string                                     // Always "decision.event"
type DecisionItemCreate string                                // Always "decision.item.create"
type DecisionItemCreated string                               // Always "decision.item.created"
type DecisionItemDelete string                                // Always "decision.item.delete"
type DecisionItemDeleted string                               // Always "decision.item.deleted"
type Decisions string                                         // Always "decisions"
type Delegation string                                        // Always "delegation"
type DeleteFile string                                        // Always "delete_file"
type Developer string                                         // Always "developer"
type Direct string                                            // Always "direct"
type Disabled string                                          // Always "disabled"
type Discovery string                                         // Always "discovery"
type DoubleClick string                                       // Always "double_click"
type Drag string                                              // Always "drag"
type Duration string                                          // Always "duration"
type Email string                                             // Always "email"
type Embedding string                                         // Always "embedding"
type EncryptedContent string                                  // Always "encrypted_content"
type EnvironmentConnection string                             // Always "environment_connection"
type EnvironmentVariable string                               // Always "environment_variable"
type Error string                                             // Always "error"
type EvalRunCanceled string                                   // Always "eval.run.canceled"
type EvalRunFailed string                                     // Always "eval.run.failed"
type EvalRunSucceeded string                                  // Always "eval.run.succeeded"
type Event string                                             // Always "event"
type Exec string                                              // Always "exec"
type ExistingSession string                                   // Always "existing_session"
type Exit string                                              // Always "exit"
type Explicit string                                          // Always "explicit"
type File string                                              // Always "file"
type FileCitation string                                      // Always "file_citation"
type FileID string                                            // Always "file_id"
type FilePath string                                          // Always "file_path"
type FileSearch string                                        // Always "file_search"
type FileSearchCall string                                    // Always "file_search_call"
type FindInPage string                                        // Always "find_in_page"
type FineTuningJob string                                     // Always "fine_tuning.job"
type FineTuningJobCancelled string                            // Always "fine_tuning.job.cancelled"
type FineTuningJobCheckpoint string                           // Always "fine_tuning.job.checkpoint"
type FineTuningJobEvent string                                // Always "fine_tuning.job.event"
type FineTuningJobFailed string                               // Always "fine_tuning.job.failed"
type FineTuningJobSucceeded string                            // Always "fine_tuning.job.succeeded"
type Function string                                          // Always "function"
type FunctionCall string                                      // Always "function_call"
type FunctionCallOutput string                                // Always "function_call_output"
type Gcp string                                               // Always "gcp"
type Grammar string                                           // Always "grammar"
type Group string                                             // Always "group"
type GroupDeleted string                                      // Always "group.deleted"
type GroupRole string                                         // Always "group.role"
type GroupUser string                                         // Always "group.user"
type GroupUserDeleted string                                  // Always "group.user.deleted"
type HTTP string                                              // Always "http"
type HTTPError string                                         // Always "http_error"
type Image string                                             // Always "image"
type ImageEditCompleted string                                // Always "image_edit.completed"
type ImageEditPartialImage string                             // Always "image_edit.partial_image"
type ImageFile string                                         // Always "image_file"
type ImageGeneration string                                   // Always "image_generation"
type ImageGenerationCall string                               // Always "image_generation_call"
type ImageGenerationCompleted string                          // Always "image_generation.completed"
type ImageGenerationPartialImage string                       // Always "image_generation.partial_image"
type ImageURL string                                          // Always "image_url"
type Incomplete string                                        // Always "incomplete"
type Inf string                                               // Always "inf"
type Info string                                              // Always "info"
type Inline string                                            // Always "inline"
type InputAudio string                                        // Always "input_audio"
type InputAudioBufferAppend string                            // Always "input_audio_buffer.append"
type InputAudioBufferClear string                             // Always "input_audio_buffer.clear"
type InputAudioBufferCleared string                           // Always "input_audio_buffer.cleared"
type InputAudioBufferCommit string                            // Always "input_audio_buffer.commit"
type InputAudioBufferCommitted string                         // Always "input_audio_buffer.committed"
type InputAudioBufferDtmfEventReceived string                 // Always "input_audio_buffer.dtmf_event_received"
type InputAudioBufferSpeechStarted string                     // Always "input_audio_buffer.speech_started"
type InputAudioBufferSpeechStopped string                     // Always "input_audio_buffer.speech_stopped"
type InputAudioBufferTimeoutTriggered string                  // Always "input_audio_buffer.timeout_triggered"
type InputFile string                                         // Always "input_file"
type InputImage string                                        // Always "input_image"
type InputJSON string                                         // Always "input_json"
type InputText string                                         // Always "input_text"
type InterruptSubagentCall string                             // Always "interrupt_subagent_call"
type InvalidRequestError string                               // Always "invalid_request_error"
type JSONObject string                                        // Always "json_object"
type JSONSchema string                                        // Always "json_schema"
type Keypress string                                          // Always "keypress"
type LabelModel string                                        // Always "label_model"
type LastActiveAt string                                      // Always "last_active_at"
type Limited string                                           // Always "limited"
type List string                                              // Always "list"
type Live string                                              // Always "live"
type LiveCallIncoming string                                  // Always "live.call.incoming"
type LiveTransportIncoming string                             // Always "live.transport.incoming"
type Local string                                             // Always "local"
type LocalShell string                                        // Always "local_shell"
type LocalShellCall string                                    // Always "local_shell_call"
type LocalShellCallOutput string                              // Always "local_shell_call_output"
type Locked string                                            // Always "locked"
type Logs string                                              // Always "logs"
type Manual string                                            // Always "manual"
type Mcp string                                               // Always "mcp"
type McpApprovalRequest string                                // Always "mcp_approval_request"
type McpApprovalResponse string                               // Always "mcp_approval_response"
type McpCall string                                           // Always "mcp_call"
type McpListTools string                                      // Always "mcp_list_tools"
type McpListToolsCompleted string                             // Always "mcp_list_tools.completed"
type McpListToolsFailed string                                // Always "mcp_list_tools.failed"
type McpListToolsInProgress string                            // Always "mcp_list_tools.in_progress"
type McpOAuth string                                          // Always "mcp_oauth"
type McpProtocolError string                                  // Always "mcp_protocol_error"
type McpToolExecutionError string                             // Always "mcp_tool_execution_error"
type Message string                                           // Always "message"
type MessageCreation string                                   // Always "message_creation"
type Model string                                             // Always "model"
type ModerationResult string                                  // Always "moderation_result"
type ModerationResults string                                 // Always "moderation_results"
type Move string                                              // Always "move"
type Multi string                                             // Always "multi"
type MultiAgentCall string                                    // Always "multi_agent_call"
type MultiAgentCallOutput string                              // Always "multi_agent_call_output"
type Namespace string                                         // Always "namespace"
type NewSession string                                        // Always "new_session"
type None string                                              // Always "none"
type Oci string                                               // Always "oci"
type Oidc string                                              // Always "oidc"
type Once string                                              // Always "once"
type OpenPage string                                          // Always "open_page"
type OpenAIHosted string                                      // Always "openai_hosted"
type OrganizationAdminAPIKey string                           // Always "organization.admin_api_key"
type OrganizationAdminAPIKeyDeleted string                    // Always "organization.admin_api_key.deleted"
type OrganizationCertificate string                           // Always "organization.certificate"
type OrganizationCertificateActivation string                 // Always "organization.certificate.activation"
type OrganizationCertificateDeactivation string               // Always "organization.certificate.deactivation"
type OrganizationCostsResult string                           // Always "organization.costs.result"
type OrganizationDataRetention string                         // Always "organization.data_retention"
type OrganizationExternalStorage string                       // Always "organization.external_storage"
type OrganizationExternalStorageDeleted string                // Always "organization.external_storage.deleted"
type OrganizationInvite string                                // Always "organization.invite"
type OrganizationInviteDeleted string                         // Always "organization.invite.deleted"
type OrganizationProject string                               // Always "organization.project"
type OrganizationProjectAPIKey string                         // Always "organization.project.api_key"
type OrganizationProjectAPIKeyDeleted string                  // Always "organization.project.api_key.deleted"
type OrganizationProjectCertificate string                    // Always "organization.project.certificate"
type OrganizationProjectCertificateActivation string          // Always "organization.project.certificate.activation"
type OrganizationProjectCertificateDeactivation string        // Always "organization.project.certificate.deactivation"
type OrganizationProjectServiceAccount string                 // Always "organization.project.service_account"
type OrganizationProjectServiceAccountAPIKey string           // Always "organization.project.service_account.api_key"
type OrganizationProjectServiceAccountDeleted string          // Always "organization.project.service_account.deleted"
type OrganizationProjectUser string                           // Always "organization.project.user"
type OrganizationProjectUserDeleted string                    // Always "organization.project.user.deleted"
type OrganizationSpendAlert string                            // Always "organization.spend_alert"
type OrganizationSpendAlertDeleted string                     // Always "organization.spend_alert.deleted"
type OrganizationSpendLimit string                            // Always "organization.spend_limit"
type OrganizationSpendLimitDeleted string                     // Always "organization.spend_limit.deleted"
type OrganizationUsageAudioSpeechesResult string              // Always "organization.usage.audio_speeches.result"
type OrganizationUsageAudioTranscriptionsResult string        // Always "organization.usage.audio_transcriptions.result"
type OrganizationUsageCodeInterpreterSessionsResult string    // Always "organization.usage.code_interpreter_sessions.result"
type OrganizationUsageCompletionsResult string                // Always "organization.usage.completions.result"
type OrganizationUsageDecisionsResult string                  // Always "organization.usage.decisions.result"
type OrganizationUsageEmbeddingsResult string                 // Always "organization.usage.embeddings.result"
type OrganizationUsageFileSearchesResult string               // Always "organization.usage.file_searches.result"
type OrganizationUsageImagesResult string                     // Always "organization.usage.images.result"
type OrganizationUsageModerationsResult string                // Always "organization.usage.moderations.result"
type OrganizationUsageVectorStoresResult string               // Always "organization.usage.vector_stores.result"
type OrganizationUsageWebSearchesResult string                // Always "organization.usage.web_searches.result"
type OrganizationUser string                                  // Always "organization.user"
type OrganizationUserDeleted string                           // Always "organization.user.deleted"
type OrganizationWorkloadIdentityFederationRule string        // Always "organization.workload_identity_federation_rule"
type OrganizationWorkloadIdentityFederationRuleDeleted string // Always "organization.workload_identity_federation_rule.deleted"
type OrganizationWorkloadIdentityProvider string              // Always "organization.workload_identity_provider"
type OrganizationWorkloadIdentityProviderDeleted string       // Always "organization.workload_identity_provider.deleted"
type Other string                                             // Always "other"
type OutputAudio string                                       // Always "output_audio"
type OutputAudioBufferClear string                            // Always "output_audio_buffer.clear"
type OutputAudioBufferCleared string                          // Always "output_audio_buffer.cleared"
type OutputAudioBufferStarted string                          // Always "output_audio_buffer.started"
type OutputAudioBufferStopped string                          // Always "output_audio_buffer.stopped"
type OutputText string                                        // Always "output_text"
type Page string                                              // Always "page"
type PendingDelivery string                                   // Always "pending_delivery"
type Periodic string                                          // Always "periodic"
type Predicate string                                         // Always "predicate"
type Program string                                           // Always "program"
type ProgramOutput string                                     // Always "program_output"
type ProgrammaticToolCalling string                           // Always "programmatic_tool_calling"
type ProjectDataRetention string                              // Always "project.data_retention"
type ProjectGroup string                                      // Always "project.group"
type ProjectGroupDeleted string                               // Always "project.group.deleted"
type ProjectModelPermissions string                           // Always "project.model_permissions"
type ProjectModelPermissionsDeleted string                    // Always "project.model_permissions.deleted"
type ProjectRateLimit string                                  // Always "project.rate_limit"
type ProjectServiceTierSettings string                        // Always "project.service_tier_settings"
type ProjectSpendAlert string                                 // Always "project.spend_alert"
type ProjectSpendAlertDeleted string                          // Always "project.spend_alert.deleted"
type ProjectSpendLimit string                                 // Always "project.spend_limit"
type ProjectSpendLimitDeleted string                          // Always "project.spend_limit.deleted"
type ProtocolError string                                     // Always "protocol_error"
type Python string                                            // Always "python"
type QuotedText string                                        // Always "quoted_text"
type RateLimitsUpdated string                                 // Always "rate_limits.updated"
type Realtime string                                          // Always "realtime"
type RealtimeCallIncoming string                              // Always "realtime.call.incoming"
type RealtimeSession string                                   // Always "realtime.session"
type Reasoning string                                         // Always "reasoning"
type ReasoningText string                                     // Always "reasoning_text"
type Refusal string                                           // Always "refusal"
type Response string                                          // Always "response"
type ResponseAudioDelta string                                // Always "response.audio.delta"
type ResponseAudioDone string                                 // Always "response.audio.done"
type ResponseAudioTranscriptDelta string                      // Always "response.audio.transcript.delta"
type ResponseAudioTranscriptDone string                       // Always "response.audio.transcript.done"
type ResponseCancel string                                    // Always "response.cancel"
type ResponseCancelled string                                 // Always "response.cancelled"
type ResponseCodeInterpreterCallCodeDelta string              // Always "response.code_interpreter_call_code.delta"
type ResponseCodeInterpreterCallCodeDone string               // Always "response.code_interpreter_call_code.done"
type ResponseCodeInterpreterCallCompleted string              // Always "response.code_interpreter_call.completed"
type ResponseCodeInterpreterCallInProgress string             // Always "response.code_interpreter_call.in_progress"
type ResponseCodeInterpreterCallInterpreting string           // Always "response.code_interpreter_call.interpreting"
type ResponseCompaction string                                // Always "response.compaction"
type ResponseCompactionCompacting string                      // Always "response.compaction.compacting"
type ResponseCompleted string                                 // Always "response.completed"
type ResponseContentPartAdded string                          // Always "response.content_part.added"
type ResponseContentPartDone string                           // Always "response.content_part.done"
type ResponseCreate string                                    // Always "response.create"
type ResponseCreated string                                   // Always "response.created"
type ResponseCustomToolCallInputDelta string                  // Always "response.custom_tool_call_input.delta"
type ResponseCustomToolCallInputDone string                   // Always "response.custom_tool_call_input.done"
type ResponseDone string                                      // Always "response.done"
type ResponseEvent string                                     // Always "response.event"
type ResponseFailed string                                    // Always "response.failed"
type ResponseFileSearchCallCompleted string                   // Always "response.file_search_call.completed"
type ResponseFileSearchCallInProgress string                  // Always "response.file_search_call.in_progress"
type ResponseFileSearchCallSearching string                   // Always "response.file_search_call.searching"
type ResponseFunctionCallArgumentsDelta string                // Always "response.function_call_arguments.delta"
type ResponseFunctionCallArgumentsDone string                 // Always "response.function_call_arguments.done"
type ResponseImageGenerationCallCompleted string              // Always "response.image_generation_call.completed"
type ResponseImageGenerationCallGenerating string             // Always "response.image_generation_call.generating"
type ResponseImageGenerationCallInProgress string             // Always "response.image_generation_call.in_progress"
type ResponseImageGenerationCallPartialImage string           // Always "response.image_generation_call.partial_image"
type ResponseInProgress string                                // Always "response.in_progress"
type ResponseIncomplete string                                // Always "response.incomplete"
type ResponseInject string                                    // Always "response.inject"
type ResponseInjectCreated string                             // Always "response.inject.created"
type ResponseInjectFailed string                              // Always "response.inject.failed"
type ResponseInputTokens string                               // Always "response.input_tokens"
type ResponseItemCreate string                                // Always "response.item.create"
type ResponseMcpCallArgumentsDelta string                     // Always "response.mcp_call_arguments.delta"
type ResponseMcpCallArgumentsDone string                      // Always "response.mcp_call_arguments.done"
type ResponseMcpCallCompleted string                          // Always "response.mcp_call.completed"
type ResponseMcpCallFailed string                             // Always "response.mcp_call.failed"
type ResponseMcpCallInProgress string                         // Always "response.mcp_call.in_progress"
type ResponseMcpListToolsCompleted string                     // Always "response.mcp_list_tools.completed"
type ResponseMcpListToolsFailed string                        // Always "response.mcp_list_tools.failed"
type ResponseMcpListToolsInProgress string                    // Always "response.mcp_list_tools.in_progress"
type ResponseOutputAudioTranscriptDelta string                // Always "response.output_audio_transcript.delta"
type ResponseOutputAudioTranscriptDone string                 // Always "response.output_audio_transcript.done"
type ResponseOutputAudioDelta string                          // Always "response.output_audio.delta"
type ResponseOutputAudioDone string                           // Always "response.output_audio.done"
type ResponseOutputItemAdded string                           // Always "response.output_item.added"
type ResponseOutputItemDone string                            // Always "response.output_item.done"
type ResponseOutputTextAnnotationAdded string                 // Always "response.output_text.annotation.added"
type ResponseOutputTextDelta string                           // Always "response.output_text.delta"
type ResponseOutputTextDone string                            // Always "response.output_text.done"
type ResponseQueued string                                    // Always "response.queued"
type ResponseReasoningSummaryPartAdded string                 // Always "response.reasoning_summary_part.added"
type ResponseReasoningSummaryPartDone string                  // Always "response.reasoning_summary_part.done"
type ResponseReasoningSummaryTextDelta string                 // Always "response.reasoning_summary_text.delta"
type ResponseReasoningSummaryTextDone string                  // Always "response.reasoning_summary_text.done"
type ResponseReasoningTextDelta string                        // Always "response.reasoning_text.delta"
type ResponseReasoningTextDone string                         // Always "response.reasoning_text.done"
type ResponseRefusalDelta string                              // Always "response.refusal.delta"
type ResponseRefusalDone string                               // Always "response.refusal.done"
type ResponseShellCallCommandAdded string                     // Always "response.shell_call_command.added"
type ResponseShellCallCommandDelta string                     // Always "response.shell_call_command.delta"
type ResponseShellCallCommandDone string                      // Always "response.shell_call_command.done"
type ResponseShellCallOutputContentDelta string               // Always "response.shell_call_output_content.delta"
type ResponseShellCallOutputContentDone string                // Always "response.shell_call_output_content.done"
type ResponseSteer string                                     // Always "response.steer"
type ResponseSteerAccepted string                             // Always "response.steer.accepted"
type ResponseSteerFailed string                               // Always "response.steer.failed"
type ResponseSteerPending string                              // Always "response.steer.pending"
type ResponseWebSearchCallCompleted string                    // Always "response.web_search_call.completed"
type ResponseWebSearchCallInProgress string                   // Always "response.web_search_call.in_progress"
type ResponseWebSearchCallSearching string                    // Always "response.web_search_call.searching"
type Responses string                                         // Always "responses"
type Restricted string                                        // Always "restricted"
type ResumeSubagentCall string                                // Always "resume_subagent_call"
type RetentionRatio string                                    // Always "retention_ratio"
type Role string                                              // Always "role"
type RoleDeleted string                                       // Always "role.deleted"
type SafetyAlert string                                       // Always "safety.alert"
type SafetyAlertCreated string                                // Always "safety.alert.created"
type SafetyCase string                                        // Always "safety.case"
type SafetyDeactivationIssued string                          // Always "safety.deactivation_issued"
type SafetyOrgAlertCreated string                             // Always "safety.org_alert.created"
type SafetyWarningIssued string                               // Always "safety.warning_issued"
type Score string                                             // Always "score"
type ScoreModel string                                        // Always "score_model"
type Screenshot string                                        // Always "screenshot"
type Scroll string                                            // Always "scroll"
type Search string                                            // Always "search"
type SelfHosted string                                        // Always "self_hosted"
type SemanticVad string                                       // Always "semantic_vad"
type SendSubagentInputCall string                             // Always "send_subagent_input_call"
type ServerVad string                                         // Always "server_vad"
type ServiceAccountDefault string                             // Always "service_account_default"
type SessionClose string                                      // Always "session.close"
type SessionClosed string                                     // Always "session.closed"
type SessionCommentaryAppend string                           // Always "session.commentary.append"
type SessionCommentaryAppended string                         // Always "session.commentary.appended"
type SessionCreated string                                    // Always "session.created"
type SessionDelegationCreated string                          // Always "session.delegation.created"
type SessionInputAudioBufferAppend string                     // Always "session.input_audio_buffer.append"
type SessionInputAudioAppend string                           // Always "session.input_audio.append"
type SessionInputAudioMute string                             // Always "session.input_audio.mute"
type SessionInputAudioMuted string                            // Always "session.input_audio.muted"
type SessionInputAudioUnmute string                           // Always "session.input_audio.unmute"
type SessionInputAudioUnmuted string                          // Always "session.input_audio.unmuted"
type SessionInputTranscriptDelta string                       // Always "session.input_transcript.delta"
type SessionInstructionsAppend string                         // Always "session.instructions.append"
type SessionInstructionsAppended string                       // Always "session.instructions.appended"
type SessionOutputAudioDelta string                           // Always "session.output_audio.delta"
type SessionOutputAudioFixturePlay string                     // Always "session.output_audio.fixture.play"
type SessionOutputAudioFixturePlayed string                   // Always "session.output_audio.fixture.played"
type SessionOutputAudioFixturePlaying string                  // Always "session.output_audio.fixture.playing"
type SessionOutputTranscriptDelta string                      // Always "session.output_transcript.delta"
type SessionStart string                                      // Always "session.start"
type SessionStarted string                                    // Always "session.started"
type SessionThinkingAppend string                             // Always "session.thinking.append"
type SessionThinkingAppended string                           // Always "session.thinking.appended"
type SessionUpdate string                                     // Always "session.update"
type SessionUpdated string                                    // Always "session.updated"
type SessionUsageUpdated string                               // Always "session.usage.updated"
type Shell string                                             // Always "shell"
type ShellCall string                                         // Always "shell_call"
type ShellCallOutput string                                   // Always "shell_call_output"
type Sip string                                               // Always "sip"
type Skill string                                             // Always "skill"
type SkillReference string                                    // Always "skill_reference"
type SkillDeleted string                                      // Always "skill.deleted"
type SkillVersion string                                      // Always "skill.version"
type SkillVersionDeleted string                               // Always "skill.version.deleted"
type Static string                                            // Always "static"
type StaticBearer string                                      // Always "static_bearer"
type Stdio string                                             // Always "stdio"
type StringCheck string                                       // Always "string_check"
type Submit string                                            // Always "submit"
type SubmitToolOutputs string                                 // Always "submit_tool_outputs"
type SummaryText string                                       // Always "summary_text"
type SynthID string                                           // Always "synthid"
type System string                                            // Always "system"
type Text string                                              // Always "text"
type TextCompletion string                                    // Always "text_completion"
type TextSimilarity string                                    // Always "text_similarity"
type Thread string                                            // Always "thread"
type ThreadCreated string                                     // Always "thread.created"
type ThreadDeleted string                                     // Always "thread.deleted"
type ThreadMessage string                                     // Always "thread.message"
type ThreadMessageCompleted string                            // Always "thread.message.completed"
type ThreadMessageCreated string                              // Always "thread.message.created"
type ThreadMessageDeleted string                              // Always "thread.message.deleted"
type ThreadMessageDelta string                                // Always "thread.message.delta"
type ThreadMessageInProgress string                           // Always "thread.message.in_progress"
type ThreadMessageIncomplete string                           // Always "thread.message.incomplete"
type ThreadRun string                                         // Always "thread.run"
type ThreadRunCancelled string                                // Always "thread.run.cancelled"
type ThreadRunCancelling string                               // Always "thread.run.cancelling"
type ThreadRunCompleted string                                // Always "thread.run.completed"
type ThreadRunCreated string                                  // Always "thread.run.created"
type ThreadRunExpired string                                  // Always "thread.run.expired"
type ThreadRunFailed string                                   // Always "thread.run.failed"
type ThreadRunInProgress string                               // Always "thread.run.in_progress"
type ThreadRunIncomplete string                               // Always "thread.run.incomplete"
type ThreadRunQueued string                                   // Always "thread.run.queued"
type ThreadRunRequiresAction string                           // Always "thread.run.requires_action"
type ThreadRunStep string                                     // Always "thread.run.step"
type ThreadRunStepCancelled string                            // Always "thread.run.step.cancelled"
type ThreadRunStepCompleted string                            // Always "thread.run.step.completed"
type ThreadRunStepCreated string                              // Always "thread.run.step.created"
type ThreadRunStepDelta string                                // Always "thread.run.step.delta"
type ThreadRunStepExpired string                              // Always "thread.run.step.expired"
type ThreadRunStepFailed string                               // Always "thread.run.step.failed"
type ThreadRunStepInProgress string                           // Always "thread.run.step.in_progress"
type Timeout string                                           // Always "timeout"
type Tokens string                                            // Always "tokens"
type Tool string                                              // Always "tool"
type ToolCalls string                                         // Always "tool_calls"
type ToolExecutionError string                                // Always "tool_execution_error"
type ToolSearch string                                        // Always "tool_search"
type ToolSearchCall string                                    // Always "tool_search_call"
type ToolSearchOutput string                                  // Always "tool_search_output"
type Transcribe string                                        // Always "transcribe"
type TranscriptTextDelta string                               // Always "transcript.text.delta"
type TranscriptTextDone string                                // Always "transcript.text.done"
type TranscriptTextSegment string                             // Always "transcript.text.segment"
type Transcription string                                     // Always "transcription"
type TranscriptionSessionUpdate string                        // Always "transcription_session.update"
type TranscriptionSessionUpdated string                       // Always "transcription_session.updated"
type Translation string                                       // Always "translation"
type TransportAnswered string                                 // Always "transport.answered"
type TransportDtmfReceived string                             // Always "transport.dtmf.received"
type TransportDtmfSend string                                 // Always "transport.dtmf.send"
type TransportDtmfSent string                                 // Always "transport.dtmf.sent"
type TransportFailed string                                   // Always "transport.failed"
type TransportRinging string                                  // Always "transport.ringing"
type Type string                                              // Always "type"
type Unavailable string                                       // Always "unavailable"
type Unrestricted string                                      // Always "unrestricted"
type UpdateFile string                                        // Always "update_file"
type Upload string                                            // Always "upload"
type UploadPart string                                        // Always "upload.part"
type UploadedJwks string                                      // Always "uploaded_jwks"
type URL string                                               // Always "url"
type URLCitation string                                       // Always "url_citation"
type User string                                              // Always "user"
type UserRole string                                          // Always "user.role"
type Vault string                                             // Always "vault"
type VaultCredential string                                   // Always "vault.credential"
type VaultCredentialDeleted string                            // Always "vault.credential.deleted"
type VaultDeleted string                                      // Always "vault.deleted"
type VectorStore string                                       // Always "vector_store"
type VectorStoreDeleted string                                // Always "vector_store.deleted"
type VectorStoreFile string                                   // Always "vector_store.file"
type VectorStoreFileContentPage string                        // Always "vector_store.file_content.page"
type VectorStoreFileDeleted string                            // Always "vector_store.file.deleted"
type VectorStoreFilesBatch string                             // Always "vector_store.files_batch"
type VectorStoreSearchResultsPage string                      // Always "vector_store.search_results.page"
type Video string                                             // Always "video"
type VideoDeleted string                                      // Always "video.deleted"
type Wait string                                              // Always "wait"
type WaitForSubagentsCall string                              // Always "wait_for_subagents_call"
type Wandb string                                             // Always "wandb"
type WebSearch string                                         // Always "web_search"
type WebSearchCall string                                     // Always "web_search_call"
type WebSearchPreview string                                  // Always "web_search_preview"
type WebhookEndpoint string                                   // Always "webhook_endpoint"
type WebhookEndpointDeleted string                            // Always "webhook_endpoint.deleted"
type WebhookEndpointTest string                               // Always "webhook_endpoint.test"
type Webrtc string                                            // Always "webrtc"

func (c Active) Default() Active                                 { return "active" }
func (c AdditionalTools) Default() AdditionalTools               { return "additional_tools" }
func (c Agent) Default() Agent                                   { return "agent" }
func (c AgentMessage) Default() AgentMessage                     { return "agent_message" }
func (c AgentAutomation) Default() AgentAutomation               { return "agent.automation" }
func (c AgentAutomationDeleted) Default() AgentAutomationDeleted { return "agent.automation.deleted" }
func (c AgentAutomationInvocation) Default() AgentAutomationInvocation {
	return "agent.automation.invocation"
}
func (c AgentDeleted) Default() AgentDeleted         { return "agent.deleted" }
func (c AgentEnvironment) Default() AgentEnvironment { return "agent.environment" }
func (c AgentEnvironmentExpired) Default() AgentEnvironmentExpired {
	return "agent.environment.expired"
}
func (c AgentEnvironmentFailed) Default() AgentEnvironmentFailed { return "agent.environment.failed" }
func (c AgentEnvironmentFile) Default() AgentEnvironmentFile     { return "agent.environment.file" }
func (c AgentEnvironmentReady) Default() AgentEnvironmentReady   { return "agent.environment.ready" }
func (c AgentEnvironmentSuspended) Default() AgentEnvironmentSuspended {
	return "agent.environment.suspended"
}
func (c AgentEnvironmentTemplate) Default() AgentEnvironmentTemplate {
	return "agent.environment.template"
}
func (c AgentEnvironmentTemplateDeleted) Default() AgentEnvironmentTemplateDeleted {
	return "agent.environment.template.deleted"
}
func (c AgentOutputCommandExecutionOutputDelta) Default() AgentOutputCommandExecutionOutputDelta {
	return "agent.output.command_execution_output.delta"
}
func (c AgentSession) Default() AgentSession { return "agent.session" }
func (c AgentSessionActionRequired) Default() AgentSessionActionRequired {
	return "agent.session.action_required"
}
func (c AgentSessionArtifact) Default() AgentSessionArtifact { return "agent.session.artifact" }
func (c AgentSessionArtifactDeleted) Default() AgentSessionArtifactDeleted {
	return "agent.session.artifact.deleted"
}
func (c AgentSessionCreated) Default() AgentSessionCreated { return "agent.session.created" }
func (c AgentSessionDeleted) Default() AgentSessionDeleted { return "agent.session.deleted" }
func (c AgentSessionEnvironmentConnected) Default() AgentSessionEnvironmentConnected {
	return "agent.session.environment.connected"
}
func (c AgentSessionEnvironmentDisconnected) Default() AgentSessionEnvironmentDisconnected {
	return "agent.session.environment.disconnected"
}
func (c AgentSessionEnvironmentExpired) Default() AgentSessionEnvironmentExpired {
	return "agent.session.environment.expired"
}
func (c AgentSessionEnvironmentFailed) Default() AgentSessionEnvironmentFailed {
	return "agent.session.environment.failed"
}
func (c AgentSessionEnvironmentPending) Default() AgentSessionEnvironmentPending {
	return "agent.session.environment.pending"
}
func (c AgentSessionEnvironmentReady) Default() AgentSessionEnvironmentReady {
	return "agent.session.environment.ready"
}
func (c AgentSessionEnvironmentReset) Default() AgentSessionEnvironmentReset {
	return "agent.session.environment.reset"
}
func (c AgentSessionEnvironmentSuspended) Default() AgentSessionEnvironmentSuspended {
	return "agent.session.environment.suspended"
}
func (c AgentSessionFailed) Default() AgentSessionFailed         { return "agent.session.failed" }
func (c AgentSessionIdle) Default() AgentSessionIdle             { return "agent.session.idle" }
func (c AgentSessionInProgress) Default() AgentSessionInProgress { return "agent.session.in_progress" }
func (c AgentSessionInputCancel) Default() AgentSessionInputCancel {
	return "agent.session.input.cancel"
}
func (c AgentSessionInputComputerUseApprovalRequestResult) Default() AgentSessionInputComputerUseApprovalRequestResult {
	return "agent.session.input.computer_use_approval_request_result"
}
func (c AgentSessionInputMessage) Default() AgentSessionInputMessage {
	return "agent.session.input.message"
}
func (c AgentSessionInputToolResult) Default() AgentSessionInputToolResult {
	return "agent.session.input.tool_result"
}
func (c AgentSessionRequiresAction) Default() AgentSessionRequiresAction {
	return "agent.session.requires_action"
}
func (c AgentSessionSubagentActive) Default() AgentSessionSubagentActive {
	return "agent.session.subagent.active"
}
func (c AgentSessionSubagentClosed) Default() AgentSessionSubagentClosed {
	return "agent.session.subagent.closed"
}
func (c AgentSessionSubagentCreated) Default() AgentSessionSubagentCreated {
	return "agent.session.subagent.created"
}
func (c AgentSessionTrace) Default() AgentSessionTrace { return "agent.session.trace" }
func (c AgentSessionTurnCancelled) Default() AgentSessionTurnCancelled {
	return "agent.session.turn.cancelled"
}
func (c AgentSessionTurnCompleted) Default() AgentSessionTurnCompleted {
	return "agent.session.turn.completed"
}
func (c AgentSessionTurnContentPartAdded) Default() AgentSessionTurnContentPartAdded {
	return "agent.session.turn.content_part.added"
}
func (c AgentSessionTurnContentPartDone) Default() AgentSessionTurnContentPartDone {
	return "agent.session.turn.content_part.done"
}
func (c AgentSessionTurnCreated) Default() AgentSessionTurnCreated {
	return "agent.session.turn.created"
}
func (c AgentSessionTurnFailed) Default() AgentSessionTurnFailed { return "agent.session.turn.failed" }
func (c AgentSessionTurnInProgress) Default() AgentSessionTurnInProgress {
	return "agent.session.turn.in_progress"
}
func (c AgentSessionTurnItemAdded) Default() AgentSessionTurnItemAdded {
	return "agent.session.turn.item.added"
}
func (c AgentSessionTurnItemDone) Default() AgentSessionTurnItemDone {
	return "agent.session.turn.item.done"
}
func (c AgentSessionTurnOutputTextDelta) Default() AgentSessionTurnOutputTextDelta {
	return "agent.session.turn.output_text.delta"
}
func (c AgentSessionTurnOutputTextDone) Default() AgentSessionTurnOutputTextDone {
	return "agent.session.turn.output_text.done"
}
func (c AgentSessionTurnReasoningSummaryPartAdded) Default() AgentSessionTurnReasoningSummaryPartAdded {
	return "agent.session.turn.reasoning_summary_part.added"
}
func (c AgentSessionTurnReasoningSummaryPartDone) Default() AgentSessionTurnReasoningSummaryPartDone {
	return "agent.session.turn.reasoning_summary_part.done"
}
func (c AgentSessionTurnReasoningSummaryTextDelta) Default() AgentSessionTurnReasoningSummaryTextDelta {
	return "agent.session.turn.reasoning_summary_text.delta"
}
func (c AgentSessionTurnReasoningSummaryTextDone) Default() AgentSessionTurnReasoningSummaryTextDone {
	return "agent.session.turn.reasoning_summary_text.done"
}
func (c All) Default() All                                     { return "all" }
func (c AllowedTools) Default() AllowedTools                   { return "allowed_tools" }
func (c Allowlist) Default() Allowlist                         { return "allowlist" }
func (c ApplicationZip) Default() ApplicationZip               { return "application/zip" }
func (c ApplyPatch) Default() ApplyPatch                       { return "apply_patch" }
func (c ApplyPatchCall) Default() ApplyPatchCall               { return "apply_patch_call" }
func (c ApplyPatchCallOutput) Default() ApplyPatchCallOutput   { return "apply_patch_call_output" }
func (c Approximate) Default() Approximate                     { return "approximate" }
func (c Assistant) Default() Assistant                         { return "assistant" }
func (c AssistantDeleted) Default() AssistantDeleted           { return "assistant.deleted" }
func (c AudioSample) Default() AudioSample                     { return "audio_sample" }
func (c AudioVoice) Default() AudioVoice                       { return "audio.voice" }
func (c AudioVoiceConsent) Default() AudioVoiceConsent         { return "audio.voice_consent" }
func (c AudioVoiceDeleted) Default() AudioVoiceDeleted         { return "audio.voice.deleted" }
func (c AudioPCM) Default() AudioPCM                           { return "audio/pcm" }
func (c AudioPCMA) Default() AudioPCMA                         { return "audio/pcma" }
func (c AudioPCMU) Default() AudioPCMU                         { return "audio/pcmu" }
func (c Auto) Default() Auto                                   { return "auto" }
func (c Automation) Default() Automation                       { return "automation" }
func (c Automations) Default() Automations                     { return "automations" }
func (c Aws) Default() Aws                                     { return "aws" }
func (c Azure) Default() Azure                                 { return "azure" }
func (c Base64) Default() Base64                               { return "base64" }
func (c Batch) Default() Batch                                 { return "batch" }
func (c BatchCancelled) Default() BatchCancelled               { return "batch.cancelled" }
func (c BatchCompleted) Default() BatchCompleted               { return "batch.completed" }
func (c BatchExpired) Default() BatchExpired                   { return "batch.expired" }
func (c BatchFailed) Default() BatchFailed                     { return "batch.failed" }
func (c BrowserAuthentication) Default() BrowserAuthentication { return "browser_authentication" }
func (c BrowserOriginAccess) Default() BrowserOriginAccess     { return "browser_origin_access" }
func (c Bucket) Default() Bucket                               { return "bucket" }
func (c C2PA) Default() C2PA                                   { return "c2pa" }
func (c CacheHit) Default() CacheHit                           { return "cache_hit" }
func (c CacheMiss) Default() CacheMiss                         { return "cache_miss" }
func (c CallError) Default() CallError                         { return "call_error" }
func (c Cancel) Default() Cancel                               { return "cancel" }
func (c CertificateDeleted) Default() CertificateDeleted       { return "certificate.deleted" }
func (c ChatCompletion) Default() ChatCompletion               { return "chat.completion" }
func (c ChatCompletionChunk) Default() ChatCompletionChunk     { return "chat.completion.chunk" }
func (c ChatCompletionDeleted) Default() ChatCompletionDeleted { return "chat.completion.deleted" }
func (c ChatKitAssistantMessage) Default() ChatKitAssistantMessage {
	return "chatkit.assistant_message"
}
func (c ChatKitClientToolCall) Default() ChatKitClientToolCall { return "chatkit.client_tool_call" }
func (c ChatKitSession) Default() ChatKitSession               { return "chatkit.session" }
func (c ChatKitTask) Default() ChatKitTask                     { return "chatkit.task" }
func (c ChatKitTaskGroup) Default() ChatKitTaskGroup           { return "chatkit.task_group" }
func (c ChatKitThread) Default() ChatKitThread                 { return "chatkit.thread" }
func (c ChatKitThreadItem) Default() ChatKitThreadItem         { return "chatkit.thread_item" }
func (c ChatKitThreadDeleted) Default() ChatKitThreadDeleted   { return "chatkit.thread.deleted" }
func (c ChatKitUserMessage) Default() ChatKitUserMessage       { return "chatkit.user_message" }
func (c ChatKitWidget) Default() ChatKitWidget                 { return "chatkit.widget" }
func (c CheckpointPermission) Default() CheckpointPermission   { return "checkpoint.permission" }
func (c Choice) Default() Choice                               { return "choice" }
func (c Click) Default() Click                                 { return "click" }
func (c Client) Default() Client                               { return "client" }
func (c ClientSecretBasic) Default() ClientSecretBasic         { return "client_secret_basic" }
func (c ClientSecretPost) Default() ClientSecretPost           { return "client_secret_post" }
func (c CloseSubagentCall) Default() CloseSubagentCall         { return "close_subagent_call" }
func (c Closed) Default() Closed                               { return "closed" }
func (c CodeInterpreter) Default() CodeInterpreter             { return "code_interpreter" }
func (c CodeInterpreterCall) Default() CodeInterpreterCall     { return "code_interpreter_call" }
func (c CommandExecution) Default() CommandExecution           { return "command_execution" }
func (c Compaction) Default() Compaction                       { return "compaction" }
func (c CompactionTrigger) Default() CompactionTrigger         { return "compaction_trigger" }
func (c ComparisonResponseNotFound) Default() ComparisonResponseNotFound {
	return "comparison_response_not_found"
}
func (c Computer) Default() Computer                     { return "computer" }
func (c ComputerCallOutput) Default() ComputerCallOutput { return "computer_call_output" }
func (c ComputerScreenshot) Default() ComputerScreenshot { return "computer_screenshot" }
func (c ComputerUse) Default() ComputerUse               { return "computer_use" }
func (c ComputerUseApprovalRequest) Default() ComputerUseApprovalRequest {
	return "computer_use_approval_request"
}
func (c ComputerUseApprovalRequestResult) Default() ComputerUseApprovalRequestResult {
	return "computer_use_approval_request_result"
}
func (c ComputerUseCall) Default() ComputerUseCall               { return "computer_use_call" }
func (c ComputerUsePreview) Default() ComputerUsePreview         { return "computer_use_preview" }
func (c ConfigurationUpdate) Default() ConfigurationUpdate       { return "configuration_update" }
func (c ContainerAuto) Default() ContainerAuto                   { return "container_auto" }
func (c ContainerFileCitation) Default() ContainerFileCitation   { return "container_file_citation" }
func (c ContainerReference) Default() ContainerReference         { return "container_reference" }
func (c ContainerFile) Default() ContainerFile                   { return "container.file" }
func (c Content) Default() Content                               { return "content" }
func (c Conversation) Default() Conversation                     { return "conversation" }
func (c ConversationCreated) Default() ConversationCreated       { return "conversation.created" }
func (c ConversationDeleted) Default() ConversationDeleted       { return "conversation.deleted" }
func (c ConversationItemAdded) Default() ConversationItemAdded   { return "conversation.item.added" }
func (c ConversationItemCreate) Default() ConversationItemCreate { return "conversation.item.create" }
func (c ConversationItemCreated) Default() ConversationItemCreated {
	return "conversation.item.created"
}
func (c ConversationItemDelete) Default() ConversationItemDelete { return "conversation.item.delete" }
func (c ConversationItemDeleted) Default() ConversationItemDeleted {
	return "conversation.item.deleted"
}
func (c ConversationItemDone) Default() ConversationItemDone { return "conversation.item.done" }
func (c ConversationItemInputAudioTranscriptionCompleted) Default() ConversationItemInputAudioTranscriptionCompleted {
	return "conversation.item.input_audio_transcription.completed"
}
func (c ConversationItemInputAudioTranscriptionDelta) Default() ConversationItemInputAudioTranscriptionDelta {
	return "conversation.item.input_audio_transcription.delta"
}
func (c ConversationItemInputAudioTranscriptionFailed) Default() ConversationItemInputAudioTranscriptionFailed {
	return "conversation.item.input_audio_transcription.failed"
}
func (c ConversationItemInputAudioTranscriptionSegment) Default() ConversationItemInputAudioTranscriptionSegment {
	return "conversation.item.input_audio_transcription.segment"
}
func (c ConversationItemRetrieve) Default() ConversationItemRetrieve {
	return "conversation.item.retrieve"
}
func (c ConversationItemRetrieved) Default() ConversationItemRetrieved {
	return "conversation.item.retrieved"
}
func (c ConversationItemTruncate) Default() ConversationItemTruncate {
	return "conversation.item.truncate"
}
func (c ConversationItemTruncated) Default() ConversationItemTruncated {
	return "conversation.item.truncated"
}
func (c CreateFile) Default() CreateFile                         { return "create_file" }
func (c CreateSubagentCall) Default() CreateSubagentCall         { return "create_subagent_call" }
func (c CreatedAt) Default() CreatedAt                           { return "created_at" }
func (c Custom) Default() Custom                                 { return "custom" }
func (c CustomToolCall) Default() CustomToolCall                 { return "custom_tool_call" }
func (c CustomToolCallOutput) Default() CustomToolCallOutput     { return "custom_tool_call_output" }
func (c DecisionCompleted) Default() DecisionCompleted           { return "decision.completed" }
func (c DecisionCreate) Default() DecisionCreate                 { return "decision.create" }
func (c DecisionEvent) Default() DecisionEvent                   { return "decision.event" }
func (c DecisionItemCreate) Default() DecisionItemCreate         { return "decision.item.create" }
func (c DecisionItemCreated) Default() DecisionItemCreated       { return "decision.item.created" }
func (c DecisionItemDelete) Default() DecisionItemDelete         { return "decision.item.delete" }
func (c DecisionItemDeleted) Default() DecisionItemDeleted       { return "decision.item.deleted" }
func (c Decisions) Default() Decisions                           { return "decisions" }
func (c Delegation) Default() Delegation                         { return "delegation" }
func (c DeleteFile) Default() DeleteFile                         { return "delete_file" }
func (c Developer) Default() Developer                           { return "developer" }
func (c Direct) Default() Direct                                 { return "direct" }
func (c Disabled) Default() Disabled                             { return "disabled" }
func (c Discovery) Default() Discovery                           { return "discovery" }
func (c DoubleClick) Default() DoubleClick                       { return "double_click" }
func (c Drag) Default() Drag                                     { return "drag" }
func (c Duration) Default() Duration                             { return "duration" }
func (c Email) Default() Email                                   { return "email" }
func (c Embedding) Default() Embedding                           { return "embedding" }
func (c EncryptedContent) Default() EncryptedContent             { return "encrypted_content" }
func (c EnvironmentConnection) Default() EnvironmentConnection   { return "environment_connection" }
func (c EnvironmentVariable) Default() EnvironmentVariable       { return "environment_variable" }
func (c Error) Default() Error                                   { return "error" }
func (c EvalRunCanceled) Default() EvalRunCanceled               { return "eval.run.canceled" }
func (c EvalRunFailed) Default() EvalRunFailed                   { return "eval.run.failed" }
func (c EvalRunSucceeded) Default() EvalRunSucceeded             { return "eval.run.succeeded" }
func (c Event) Default() Event                                   { return "event" }
func (c Exec) Default() Exec                                     { return "exec" }
func (c ExistingSession) Default() ExistingSession               { return "existing_session" }
func (c Exit) Default() Exit                                     { return "exit" }
func (c Explicit) Default() Explicit                             { return "explicit" }
func (c File) Default() File                                     { return "file" }
func (c FileCitation) Default() FileCitation                     { return "file_citation" }
func (c FileID) Default() FileID                                 { return "file_id" }
func (c FilePath) Default() FilePath                             { return "file_path" }
func (c FileSearch) Default() FileSearch                         { return "file_search" }
func (c FileSearchCall) Default() FileSearchCall                 { return "file_search_call" }
func (c FindInPage) Default() FindInPage                         { return "find_in_page" }
func (c FineTuningJob) Default() FineTuningJob                   { return "fine_tuning.job" }
func (c FineTuningJobCancelled) Default() FineTuningJobCancelled { return "fine_tuning.job.cancelled" }
func (c FineTuningJobCheckpoint) Default() FineTuningJobCheckpoint {
	return "fine_tuning.job.checkpoint"
}
func (c FineTuningJobEvent) Default() FineTuningJobEvent         { return "fine_tuning.job.event" }
func (c FineTuningJobFailed) Default() FineTuningJobFailed       { return "fine_tuning.job.failed" }
func (c FineTuningJobSucceeded) Default() FineTuningJobSucceeded { return "fine_tuning.job.succeeded" }
func (c Function) Default() Function                             { return "function" }
func (c FunctionCall) Default() FunctionCall                     { return "function_call" }
func (c FunctionCallOutput) Default() FunctionCallOutput         { return "function_call_output" }
func (c Gcp) Default() Gcp                                       { return "gcp" }
func (c Grammar) Default() Grammar                               { return "grammar" }
func (c Group) Default() Group                                   { return "group" }
func (c GroupDeleted) Default() GroupDeleted                     { return "group.deleted" }
func (c GroupRole) Default() GroupRole                           { return "group.role" }
func (c GroupUser) Default() GroupUser                           { return "group.user" }
func (c GroupUserDeleted) Default() GroupUserDeleted             { return "group.user.deleted" }
func (c HTTP) Default() HTTP                                     { return "http" }
func (c HTTPError) Default() HTTPError                           { return "http_error" }
func (c Image) Default() Image                                   { return "image" }
func (c ImageEditCompleted) Default() ImageEditCompleted         { return "image_edit.completed" }
func (c ImageEditPartialImage) Default() ImageEditPartialImage   { return "image_edit.partial_image" }
func (c ImageFile) Default() ImageFile                           { return "image_file" }
func (c ImageGeneration) Default() ImageGeneration               { return "image_generation" }
func (c ImageGenerationCall) Default() ImageGenerationCall       { return "image_generation_call" }
func (c ImageGenerationCompleted) Default() ImageGenerationCompleted {
	return "image_generation.completed"
}
func (c ImageGenerationPartialImage) Default() ImageGenerationPartialImage {
	return "image_generation.partial_image"
}
func (c ImageURL) Default() ImageURL                             { return "image_url" }
func (c Incomplete) Default() Incomplete                         { return "incomplete" }
func (c Inf) Default() Inf                                       { return "inf" }
func (c Info) Default() Info                                     { return "info" }
func (c Inline) Default() Inline                                 { return "inline" }
func (c InputAudio) Default() InputAudio                         { return "input_audio" }
func (c InputAudioBufferAppend) Default() InputAudioBufferAppend { return "input_audio_buffer.append" }
func (c InputAudioBufferClear) Default() InputAudioBufferClear   { return "input_audio_buffer.clear" }
func (c InputAudioBufferCleared) Default() InputAudioBufferCleared {
	return "input_audio_buffer.cleared"
}
func (c InputAudioBufferCommit) Default() InputAudioBufferCommit { return "input_audio_buffer.commit" }
func (c InputAudioBufferCommitted) Default() InputAudioBufferCommitted {
	return "input_audio_buffer.committed"
}
func (c InputAudioBufferDtmfEventReceived) Default() InputAudioBufferDtmfEventReceived {
	return "input_audio_buffer.dtmf_event_received"
}
func (c InputAudioBufferSpeechStarted) Default() InputAudioBufferSpeechStarted {
	return "input_audio_buffer.speech_started"
}
func (c InputAudioBufferSpeechStopped) Default() InputAudioBufferSpeechStopped {
	return "input_audio_buffer.speech_stopped"
}
func (c InputAudioBufferTimeoutTriggered) Default() InputAudioBufferTimeoutTriggered {
	return "input_audio_buffer.timeout_triggered"
}
func (c InputFile) Default() InputFile                           { return "input_file" }
func (c InputImage) Default() InputImage                         { return "input_image" }
func (c InputJSON) Default() InputJSON                           { return "input_json" }
func (c InputText) Default() InputText                           { return "input_text" }
func (c InterruptSubagentCall) Default() InterruptSubagentCall   { return "interrupt_subagent_call" }
func (c InvalidRequestError) Default() InvalidRequestError       { return "invalid_request_error" }
func (c JSONObject) Default() JSONObject                         { return "json_object" }
func (c JSONSchema) Default() JSONSchema                         { return "json_schema" }
func (c Keypress) Default() Keypress                             { return "keypress" }
func (c LabelModel) Default() LabelModel                         { return "label_model" }
func (c LastActiveAt) Default() LastActiveAt                     { return "last_active_at" }
func (c Limited) Default() Limited                               { return "limited" }
func (c List) Default() List                                     { return "list" }
func (c Live) Default() Live                                     { return "live" }
func (c LiveCallIncoming) Default() LiveCallIncoming             { return "live.call.incoming" }
func (c LiveTransportIncoming) Default() LiveTransportIncoming   { return "live.transport.incoming" }
func (c Local) Default() Local                                   { return "local" }
func (c LocalShell) Default() LocalShell                         { return "local_shell" }
func (c LocalShellCall) Default() LocalShellCall                 { return "local_shell_call" }
func (c LocalShellCallOutput) Default() LocalShellCallOutput     { return "local_shell_call_output" }
func (c Locked) Default() Locked                                 { return "locked" }
func (c Logs) Default() Logs                                     { return "logs" }
func (c Manual) Default() Manual                                 { return "manual" }
func (c Mcp) Default() Mcp                                       { return "mcp" }
func (c McpApprovalRequest) Default() McpApprovalRequest         { return "mcp_approval_request" }
func (c McpApprovalResponse) Default() McpApprovalResponse       { return "mcp_approval_response" }
func (c McpCall) Default() McpCall                               { return "mcp_call" }
func (c McpListTools) Default() McpListTools                     { return "mcp_list_tools" }
func (c McpListToolsCompleted) Default() McpListToolsCompleted   { return "mcp_list_tools.completed" }
func (c McpListToolsFailed) Default() McpListToolsFailed         { return "mcp_list_tools.failed" }
func (c McpListToolsInProgress) Default() McpListToolsInProgress { return "mcp_list_tools.in_progress" }
func (c McpOAuth) Default() McpOAuth                             { return "mcp_oauth" }
func (c McpProtocolError) Default() McpProtocolError             { return "mcp_protocol_error" }
func (c McpToolExecutionError) Default() McpToolExecutionError   { return "mcp_tool_execution_error" }
func (c Message) Default() Message                               { return "message" }
func (c MessageCreation) Default() MessageCreation               { return "message_creation" }
func (c Model) Default() Model                                   { return "model" }
func (c ModerationResult) Default() ModerationResult             { return "moderation_result" }
func (c ModerationResults) Default() ModerationResults           { return "moderation_results" }
func (c Move) Default() Move                                     { return "move" }
func (c Multi) Default() Multi                                   { return "multi" }
func (c MultiAgentCall) Default() MultiAgentCall                 { return "multi_agent_call" }
func (c MultiAgentCallOutput) Default() MultiAgentCallOutput     { return "multi_agent_call_output" }
func (c Namespace) Default() Namespace                           { return "namespace" }
func (c NewSession) Default() NewSession                         { return "new_session" }
func (c None) Default() None                                     { return "none" }
func (c Oci) Default() Oci                                       { return "oci" }
func (c Oidc) Default() Oidc                                     { return "oidc" }
func (c Once) Default() Once                                     { return "once" }
func (c OpenPage) Default() OpenPage                             { return "open_page" }
func (c OpenAIHosted) Default() OpenAIHosted                     { return "openai_hosted" }
func (c OrganizationAdminAPIKey) Default() OrganizationAdminAPIKey {
	return "organization.admin_api_key"
}
func (c OrganizationAdminAPIKeyDeleted) Default() OrganizationAdminAPIKeyDeleted {
	return "organization.admin_api_key.deleted"
}
func (c OrganizationCertificate) Default() OrganizationCertificate { return "organization.certificate" }
func (c OrganizationCertificateActivation) Default() OrganizationCertificateActivation {
	return "organization.certificate.activation"
}
func (c OrganizationCertificateDeactivation) Default() OrganizationCertificateDeactivation {
	return "organization.certificate.deactivation"
}
func (c OrganizationCostsResult) Default() OrganizationCostsResult {
	return "organization.costs.result"
}
func (c OrganizationDataRetention) Default() OrganizationDataRetention {
	return "organization.data_retention"
}
func (c OrganizationExternalStorage) Default() OrganizationExternalStorage {
	return "organization.external_storage"
}
func (c OrganizationExternalStorageDeleted) Default() OrganizationExternalStorageDeleted {
	return "organization.external_storage.deleted"
}
func (c OrganizationInvite) Default() OrganizationInvite { return "organization.invite" }
func (c OrganizationInviteDeleted) Default() OrganizationInviteDeleted {
	return "organization.invite.deleted"
}
func (c OrganizationProject) Default() OrganizationProject { return "organization.project" }
func (c OrganizationProjectAPIKey) Default() OrganizationProjectAPIKey {
	return "organization.project.api_key"
}
func (c OrganizationProjectAPIKeyDeleted) Default() OrganizationProjectAPIKeyDeleted {
	return "organization.project.api_key.deleted"
}
func (c OrganizationProjectCertificate) Default() OrganizationProjectCertificate {
	return "organization.project.certificate"
}
func (c OrganizationProjectCertificateActivation) Default() OrganizationProjectCertificateActivation {
	return "organization.project.certificate.activation"
}
func (c OrganizationProjectCertificateDeactivation) Default() OrganizationProjectCertificateDeactivation {
	return "organization.project.certificate.deactivation"
}
func (c OrganizationProjectServiceAccount) Default() OrganizationProjectServiceAccount {
	return "organization.project.service_account"
}
func (c OrganizationProjectServiceAccountAPIKey) Default() OrganizationProjectServiceAccountAPIKey {
	return "organization.project.service_account.api_key"
}
func (c OrganizationProjectServiceAccountDeleted) Default() OrganizationProjectServiceAccountDeleted {
	return "organization.project.service_account.deleted"
}
func (c OrganizationProjectUser) Default() OrganizationProjectUser {
	return "organization.project.user"
}
func (c OrganizationProjectUserDeleted) Default() OrganizationProjectUserDeleted {
	return "organization.project.user.deleted"
}
func (c OrganizationSpendAlert) Default() OrganizationSpendAlert { return "organization.spend_alert" }
func (c OrganizationSpendAlertDeleted) Default() OrganizationSpendAlertDeleted {
	return "organization.spend_alert.deleted"
}
func (c OrganizationSpendLimit) Default() OrganizationSpendLimit { return "organization.spend_limit" }
func (c OrganizationSpendLimitDeleted) Default() OrganizationSpendLimitDeleted {
	return "organization.spend_limit.deleted"
}
func (c OrganizationUsageAudioSpeechesResult) Default() OrganizationUsageAudioSpeechesResult {
	return "organization.usage.audio_speeches.result"
}
func (c OrganizationUsageAudioTranscriptionsResult) Default() OrganizationUsageAudioTranscriptionsResult {
	return "organization.usage.audio_transcriptions.result"
}
func (c OrganizationUsageCodeInterpreterSessionsResult) Default() OrganizationUsageCodeInterpreterSessionsResult {
	return "organization.usage.code_interpreter_sessions.result"
}
func (c OrganizationUsageCompletionsResult) Default() OrganizationUsageCompletionsResult {
	return "organization.usage.completions.result"
}
func (c OrganizationUsageDecisionsResult) Default() OrganizationUsageDecisionsResult {
	return "organization.usage.decisions.result"
}
func (c OrganizationUsageEmbeddingsResult) Default() OrganizationUsageEmbeddingsResult {
	return "organization.usage.embeddings.result"
}
func (c OrganizationUsageFileSearchesResult) Default() OrganizationUsageFileSearchesResult {
	return "organization.usage.file_searches.result"
}
func (c OrganizationUsageImagesResult) Default() OrganizationUsageImagesResult {
	return "organization.usage.images.result"
}
func (c OrganizationUsageModerationsResult) Default() OrganizationUsageModerationsResult {
	return "organization.usage.moderations.result"
}
func (c OrganizationUsageVectorStoresResult) Default() OrganizationUsageVectorStoresResult {
	return "organization.usage.vector_stores.result"
}
func (c OrganizationUsageWebSearchesResult) Default() OrganizationUsageWebSearchesResult {
	return "organization.usage.web_searches.result"
}
func (c OrganizationUser) Default() OrganizationUser { return "organization.user" }
func (c OrganizationUserDeleted) Default() OrganizationUserDeleted {
	return "organization.user.deleted"
}
func (c OrganizationWorkloadIdentityFederationRule) Default() OrganizationWorkloadIdentityFederationRule {
	return "organization.workload_identity_federation_rule"
}
func (c OrganizationWorkloadIdentityFederationRuleDeleted) Default() OrganizationWorkloadIdentityFederationRuleDeleted {
	return "organization.workload_identity_federation_rule.deleted"
}
func (c OrganizationWorkloadIdentityProvider) Default() OrganizationWorkloadIdentityProvider {
	return "organization.workload_identity_provider"
}
func (c OrganizationWorkloadIdentityProviderDeleted) Default() OrganizationWorkloadIdentityProviderDeleted {
	return "organization.workload_identity_provider.deleted"
}
func (c Other) Default() Other                                   { return "other" }
func (c OutputAudio) Default() OutputAudio                       { return "output_audio" }
func (c OutputAudioBufferClear) Default() OutputAudioBufferClear { return "output_audio_buffer.clear" }
func (c OutputAudioBufferCleared) Default() OutputAudioBufferCleared {
	return "output_audio_buffer.cleared"
}
func (c OutputAudioBufferStarted) Default() OutputAudioBufferStarted {
	return "output_audio_buffer.started"
}
func (c OutputAudioBufferStopped) Default() OutputAudioBufferStopped {
	return "output_audio_buffer.stopped"
}
func (c OutputText) Default() OutputText           { return "output_text" }
func (c Page) Default() Page                       { return "page" }
func (c PendingDelivery) Default() PendingDelivery { return "pending_delivery" }
func (c Periodic) Default() Periodic               { return "periodic" }
func (c Predicate) Default() Predicate             { return "predicate" }
func (c Program) Default() Program                 { return "program" }
func (c ProgramOutput) Default() ProgramOutput     { return "program_output" }
func (c ProgrammaticToolCalling) Default() ProgrammaticToolCalling {
	return "programmatic_tool_calling"
}
func (c ProjectDataRetention) Default() ProjectDataRetention { return "project.data_retention" }
func (c ProjectGroup) Default() ProjectGroup                 { return "project.group" }
func (c ProjectGroupDeleted) Default() ProjectGroupDeleted   { return "project.group.deleted" }
func (c ProjectModelPermissions) Default() ProjectModelPermissions {
	return "project.model_permissions"
}
func (c ProjectModelPermissionsDeleted) Default() ProjectModelPermissionsDeleted {
	return "project.model_permissions.deleted"
}
func (c ProjectRateLimit) Default() ProjectRateLimit { return "project.rate_limit" }
func (c ProjectServiceTierSettings) Default() ProjectServiceTierSettings {
	return "project.service_tier_settings"
}
func (c ProjectSpendAlert) Default() ProjectSpendAlert { return "project.spend_alert" }
func (c ProjectSpendAlertDeleted) Default() ProjectSpendAlertDeleted {
	return "project.spend_alert.deleted"
}
func (c ProjectSpendLimit) Default() ProjectSpendLimit { return "project.spend_limit" }
func (c ProjectSpendLimitDeleted) Default() ProjectSpendLimitDeleted {
	return "project.spend_limit.deleted"
}
func (c ProtocolError) Default() ProtocolError               { return "protocol_error" }
func (c Python) Default() Python                             { return "python" }
func (c QuotedText) Default() QuotedText                     { return "quoted_text" }
func (c RateLimitsUpdated) Default() RateLimitsUpdated       { return "rate_limits.updated" }
func (c Realtime) Default() Realtime                         { return "realtime" }
func (c RealtimeCallIncoming) Default() RealtimeCallIncoming { return "realtime.call.incoming" }
func (c RealtimeSession) Default() RealtimeSession           { return "realtime.session" }
func (c Reasoning) Default() Reasoning                       { return "reasoning" }
func (c ReasoningText) Default() ReasoningText               { return "reasoning_text" }
func (c Refusal) Default() Refusal                           { return "refusal" }
func (c Response) Default() Response                         { return "response" }
func (c ResponseAudioDelta) Default() ResponseAudioDelta     { return "response.audio.delta" }
func (c ResponseAudioDone) Default() ResponseAudioDone       { return "response.audio.done" }
func (c ResponseAudioTranscriptDelta) Default() ResponseAudioTranscriptDelta {
	return "response.audio.transcript.delta"
}
func (c ResponseAudioTranscriptDone) Default() ResponseAudioTranscriptDone {
	return "response.audio.transcript.done"
}
func (c ResponseCancel) Default() ResponseCancel       { return "response.cancel" }
func (c ResponseCancelled) Default() ResponseCancelled { return "response.cancelled" }
func (c ResponseCodeInterpreterCallCodeDelta) Default() ResponseCodeInterpreterCallCodeDelta {
	return "response.code_interpreter_call_code.delta"
}
func (c ResponseCodeInterpreterCallCodeDone) Default() ResponseCodeInterpreterCallCodeDone {
	return "response.code_interpreter_call_code.done"
}
func (c ResponseCodeInterpreterCallCompleted) Default() ResponseCodeInterpreterCallCompleted {
	return "response.code_interpreter_call.completed"
}
func (c ResponseCodeInterpreterCallInProgress) Default() ResponseCodeInterpreterCallInProgress {
	return "response.code_interpreter_call.in_progress"
}
func (c ResponseCodeInterpreterCallInterpreting) Default() ResponseCodeInterpreterCallInterpreting {
	return "response.code_interpreter_call.interpreting"
}
func (c ResponseCompaction) Default() ResponseCompaction { return "response.compaction" }
func (c ResponseCompactionCompacting) Default() ResponseCompactionCompacting {
	return "response.compaction.compacting"
}
func (c ResponseCompleted) Default() ResponseCompleted { return "response.completed" }
func (c ResponseContentPartAdded) Default() ResponseContentPartAdded {
	return "response.content_part.added"
}
func (c ResponseContentPartDone) Default() ResponseContentPartDone {
	return "response.content_part.done"
}
func (c ResponseCreate) Default() ResponseCreate   { return "response.create" }
func (c ResponseCreated) Default() ResponseCreated { return "response.created" }
func (c ResponseCustomToolCallInputDelta) Default() ResponseCustomToolCallInputDelta {
	return "response.custom_tool_call_input.delta"
}
func (c ResponseCustomToolCallInputDone) Default() ResponseCustomToolCallInputDone {
	return "response.custom_tool_call_input.done"
}
func (c ResponseDone) Default() ResponseDone     { return "response.done" }
func (c ResponseEvent) Default() ResponseEvent   { return "response.event" }
func (c ResponseFailed) Default() ResponseFailed { return "response.failed" }
func (c ResponseFileSearchCallCompleted) Default() ResponseFileSearchCallCompleted {
	return "response.file_search_call.completed"
}
func (c ResponseFileSearchCallInProgress) Default() ResponseFileSearchCallInProgress {
	return "response.file_search_call.in_progress"
}
func (c ResponseFileSearchCallSearching) Default() ResponseFileSearchCallSearching {
	return "response.file_search_call.searching"
}
func (c ResponseFunctionCallArgumentsDelta) Default() ResponseFunctionCallArgumentsDelta {
	return "response.function_call_arguments.delta"
}
func (c ResponseFunctionCallArgumentsDone) Default() ResponseFunctionCallArgumentsDone {
	return "response.function_call_arguments.done"
}
func (c ResponseImageGenerationCallCompleted) Default() ResponseImageGenerationCallCompleted {
	return "response.image_generation_call.completed"
}
func (c ResponseImageGenerationCallGenerating) Default() ResponseImageGenerationCallGenerating {
	return "response.image_generation_call.generating"
}
func (c ResponseImageGenerationCallInProgress) Default() ResponseImageGenerationCallInProgress {
	return "response.image_generation_call.in_progress"
}
func (c ResponseImageGenerationCallPartialImage) Default() ResponseImageGenerationCallPartialImage {
	return "response.image_generation_call.partial_image"
}
func (c ResponseInProgress) Default() ResponseInProgress       { return "response.in_progress" }
func (c ResponseIncomplete) Default() ResponseIncomplete       { return "response.incomplete" }
func (c ResponseInject) Default() ResponseInject               { return "response.inject" }
func (c ResponseInjectCreated) Default() ResponseInjectCreated { return "response.inject.created" }
func (c ResponseInjectFailed) Default() ResponseInjectFailed   { return "response.inject.failed" }
func (c ResponseInputTokens) Default() ResponseInputTokens     { return "response.input_tokens" }
func (c ResponseItemCreate) Default() ResponseItemCreate       { return "response.item.create" }
func (c ResponseMcpCallArgumentsDelta) Default() ResponseMcpCallArgumentsDelta {
	return "response.mcp_call_arguments.delta"
}
func (c ResponseMcpCallArgumentsDone) Default() ResponseMcpCallArgumentsDone {
	return "response.mcp_call_arguments.done"
}
func (c ResponseMcpCallCompleted) Default() ResponseMcpCallCompleted {
	return "response.mcp_call.completed"
}
func (c ResponseMcpCallFailed) Default() ResponseMcpCallFailed { return "response.mcp_call.failed" }
func (c ResponseMcpCallInProgress) Default() ResponseMcpCallInProgress {
	return "response.mcp_call.in_progress"
}
func (c ResponseMcpListToolsCompleted) Default() ResponseMcpListToolsCompleted {
	return "response.mcp_list_tools.completed"
}
func (c ResponseMcpListToolsFailed) Default() ResponseMcpListToolsFailed {
	return "response.mcp_list_tools.failed"
}
func (c ResponseMcpListToolsInProgress) Default() ResponseMcpListToolsInProgress {
	return "response.mcp_list_tools.in_progress"
}
func (c ResponseOutputAudioTranscriptDelta) Default() ResponseOutputAudioTranscriptDelta {
	return "response.output_audio_transcript.delta"
}
func (c ResponseOutputAudioTranscriptDone) Default() ResponseOutputAudioTranscriptDone {
	return "response.output_audio_transcript.done"
}
func (c ResponseOutputAudioDelta) Default() ResponseOutputAudioDelta {
	return "response.output_audio.delta"
}
func (c ResponseOutputAudioDone) Default() ResponseOutputAudioDone {
	return "response.output_audio.done"
}
func (c ResponseOutputItemAdded) Default() ResponseOutputItemAdded {
	return "response.output_item.added"
}
func (c ResponseOutputItemDone) Default() ResponseOutputItemDone { return "response.output_item.done" }
func (c ResponseOutputTextAnnotationAdded) Default() ResponseOutputTextAnnotationAdded {
	return "response.output_text.annotation.added"
}
func (c ResponseOutputTextDelta) Default() ResponseOutputTextDelta {
	return "response.output_text.delta"
}
func (c ResponseOutputTextDone) Default() ResponseOutputTextDone { return "response.output_text.done" }
func (c ResponseQueued) Default() ResponseQueued                 { return "response.queued" }
func (c ResponseReasoningSummaryPartAdded) Default() ResponseReasoningSummaryPartAdded {
	return "response.reasoning_summary_part.added"
}
func (c ResponseReasoningSummaryPartDone) Default() ResponseReasoningSummaryPartDone {
	return "response.reasoning_summary_part.done"
}
func (c ResponseReasoningSummaryTextDelta) Default() ResponseReasoningSummaryTextDelta {
	return "response.reasoning_summary_text.delta"
}
func (c ResponseReasoningSummaryTextDone) Default() ResponseReasoningSummaryTextDone {
	return "response.reasoning_summary_text.done"
}
func (c ResponseReasoningTextDelta) Default() ResponseReasoningTextDelta {
	return "response.reasoning_text.delta"
}
func (c ResponseReasoningTextDone) Default() ResponseReasoningTextDone {
	return "response.reasoning_text.done"
}
func (c ResponseRefusalDelta) Default() ResponseRefusalDelta { return "response.refusal.delta" }
func (c ResponseRefusalDone) Default() ResponseRefusalDone   { return "response.refusal.done" }
func (c ResponseShellCallCommandAdded) Default() ResponseShellCallCommandAdded {
	return "response.shell_call_command.added"
}
func (c ResponseShellCallCommandDelta) Default() ResponseShellCallCommandDelta {
	return "response.shell_call_command.delta"
}
func (c ResponseShellCallCommandDone) Default() ResponseShellCallCommandDone {
	return "response.shell_call_command.done"
}
func (c ResponseShellCallOutputContentDelta) Default() ResponseShellCallOutputContentDelta {
	return "response.shell_call_output_content.delta"
}
func (c ResponseShellCallOutputContentDone) Default() ResponseShellCallOutputContentDone {
	return "response.shell_call_output_content.done"
}
func (c ResponseSteer) Default() ResponseSteer                 { return "response.steer" }
func (c ResponseSteerAccepted) Default() ResponseSteerAccepted { return "response.steer.accepted" }
func (c ResponseSteerFailed) Default() ResponseSteerFailed     { return "response.steer.failed" }
func (c ResponseSteerPending) Default() ResponseSteerPending   { return "response.steer.pending" }
func (c ResponseWebSearchCallCompleted) Default() ResponseWebSearchCallCompleted {
	return "response.web_search_call.completed"
}
func (c ResponseWebSearchCallInProgress) Default() ResponseWebSearchCallInProgress {
	return "response.web_search_call.in_progress"
}
func (c ResponseWebSearchCallSearching) Default() ResponseWebSearchCallSearching {
	return "response.web_search_call.searching"
}
func (c Responses) Default() Responses                   { return "responses" }
func (c Restricted) Default() Restricted                 { return "restricted" }
func (c ResumeSubagentCall) Default() ResumeSubagentCall { return "resume_subagent_call" }
func (c RetentionRatio) Default() RetentionRatio         { return "retention_ratio" }
func (c Role) Default() Role                             { return "role" }
func (c RoleDeleted) Default() RoleDeleted               { return "role.deleted" }
func (c SafetyAlert) Default() SafetyAlert               { return "safety.alert" }
func (c SafetyAlertCreated) Default() SafetyAlertCreated { return "safety.alert.created" }
func (c SafetyCase) Default() SafetyCase                 { return "safety.case" }
func (c SafetyDeactivationIssued) Default() SafetyDeactivationIssued {
	return "safety.deactivation_issued"
}
func (c SafetyOrgAlertCreated) Default() SafetyOrgAlertCreated { return "safety.org_alert.created" }
func (c SafetyWarningIssued) Default() SafetyWarningIssued     { return "safety.warning_issued" }
func (c Score) Default() Score                                 { return "score" }
func (c ScoreModel) Default() ScoreModel                       { return "score_model" }
func (c Screenshot) Default() Screenshot                       { return "screenshot" }
func (c Scroll) Default() Scroll                               { return "scroll" }
func (c Search) Default() Search                               { return "search" }
func (c SelfHosted) Default() SelfHosted                       { return "self_hosted" }
func (c SemanticVad) Default() SemanticVad                     { return "semantic_vad" }
func (c SendSubagentInputCall) Default() SendSubagentInputCall { return "send_subagent_input_call" }
func (c ServerVad) Default() ServerVad                         { return "server_vad" }
func (c ServiceAccountDefault) Default() ServiceAccountDefault { return "service_account_default" }
func (c SessionClose) Default() SessionClose                   { return "session.close" }
func (c SessionClosed) Default() SessionClosed                 { return "session.closed" }
func (c SessionCommentaryAppend) Default() SessionCommentaryAppend {
	return "session.commentary.append"
}
func (c SessionCommentaryAppended) Default() SessionCommentaryAppended {
	return "session.commentary.appended"
}
func (c SessionCreated) Default() SessionCreated { return "session.created" }
func (c SessionDelegationCreated) Default() SessionDelegationCreated {
	return "session.delegation.created"
}
func (c SessionInputAudioBufferAppend) Default() SessionInputAudioBufferAppend {
	return "session.input_audio_buffer.append"
}
func (c SessionInputAudioAppend) Default() SessionInputAudioAppend {
	return "session.input_audio.append"
}
func (c SessionInputAudioMute) Default() SessionInputAudioMute   { return "session.input_audio.mute" }
func (c SessionInputAudioMuted) Default() SessionInputAudioMuted { return "session.input_audio.muted" }
func (c SessionInputAudioUnmute) Default() SessionInputAudioUnmute {
	return "session.input_audio.unmute"
}
func (c SessionInputAudioUnmuted) Default() SessionInputAudioUnmuted {
	return "session.input_audio.unmuted"
}
func (c SessionInputTranscriptDelta) Default() SessionInputTranscriptDelta {
	return "session.input_transcript.delta"
}
func (c SessionInstructionsAppend) Default() SessionInstructionsAppend {
	return "session.instructions.append"
}
func (c SessionInstructionsAppended) Default() SessionInstructionsAppended {
	return "session.instructions.appended"
}
func (c SessionOutputAudioDelta) Default() SessionOutputAudioDelta {
	return "session.output_audio.delta"
}
func (c SessionOutputAudioFixturePlay) Default() SessionOutputAudioFixturePlay {
	return "session.output_audio.fixture.play"
}
func (c SessionOutputAudioFixturePlayed) Default() SessionOutputAudioFixturePlayed {
	return "session.output_audio.fixture.played"
}
func (c SessionOutputAudioFixturePlaying) Default() SessionOutputAudioFixturePlaying {
	return "session.output_audio.fixture.playing"
}
func (c SessionOutputTranscriptDelta) Default() SessionOutputTranscriptDelta {
	return "session.output_transcript.delta"
}
func (c SessionStart) Default() SessionStart                   { return "session.start" }
func (c SessionStarted) Default() SessionStarted               { return "session.started" }
func (c SessionThinkingAppend) Default() SessionThinkingAppend { return "session.thinking.append" }
func (c SessionThinkingAppended) Default() SessionThinkingAppended {
	return "session.thinking.appended"
}
func (c SessionUpdate) Default() SessionUpdate                   { return "session.update" }
func (c SessionUpdated) Default() SessionUpdated                 { return "session.updated" }
func (c SessionUsageUpdated) Default() SessionUsageUpdated       { return "session.usage.updated" }
func (c Shell) Default() Shell                                   { return "shell" }
func (c ShellCall) Default() ShellCall                           { return "shell_call" }
func (c ShellCallOutput) Default() ShellCallOutput               { return "shell_call_output" }
func (c Sip) Default() Sip                                       { return "sip" }
func (c Skill) Default() Skill                                   { return "skill" }
func (c SkillReference) Default() SkillReference                 { return "skill_reference" }
func (c SkillDeleted) Default() SkillDeleted                     { return "skill.deleted" }
func (c SkillVersion) Default() SkillVersion                     { return "skill.version" }
func (c SkillVersionDeleted) Default() SkillVersionDeleted       { return "skill.version.deleted" }
func (c Static) Default() Static                                 { return "static" }
func (c StaticBearer) Default() StaticBearer                     { return "static_bearer" }
func (c Stdio) Default() Stdio                                   { return "stdio" }
func (c StringCheck) Default() StringCheck                       { return "string_check" }
func (c Submit) Default() Submit                                 { return "submit" }
func (c SubmitToolOutputs) Default() SubmitToolOutputs           { return "submit_tool_outputs" }
func (c SummaryText) Default() SummaryText                       { return "summary_text" }
func (c SynthID) Default() SynthID                               { return "synthid" }
func (c System) Default() System                                 { return "system" }
func (c Text) Default() Text                                     { return "text" }
func (c TextCompletion) Default() TextCompletion                 { return "text_completion" }
func (c TextSimilarity) Default() TextSimilarity                 { return "text_similarity" }
func (c Thread) Default() Thread                                 { return "thread" }
func (c ThreadCreated) Default() ThreadCreated                   { return "thread.created" }
func (c ThreadDeleted) Default() ThreadDeleted                   { return "thread.deleted" }
func (c ThreadMessage) Default() ThreadMessage                   { return "thread.message" }
func (c ThreadMessageCompleted) Default() ThreadMessageCompleted { return "thread.message.completed" }
func (c ThreadMessageCreated) Default() ThreadMessageCreated     { return "thread.message.created" }
func (c ThreadMessageDeleted) Default() ThreadMessageDeleted     { return "thread.message.deleted" }
func (c ThreadMessageDelta) Default() ThreadMessageDelta         { return "thread.message.delta" }
func (c ThreadMessageInProgress) Default() ThreadMessageInProgress {
	return "thread.message.in_progress"
}
func (c ThreadMessageIncomplete) Default() ThreadMessageIncomplete {
	return "thread.message.incomplete"
}
func (c ThreadRun) Default() ThreadRun                     { return "thread.run" }
func (c ThreadRunCancelled) Default() ThreadRunCancelled   { return "thread.run.cancelled" }
func (c ThreadRunCancelling) Default() ThreadRunCancelling { return "thread.run.cancelling" }
func (c ThreadRunCompleted) Default() ThreadRunCompleted   { return "thread.run.completed" }
func (c ThreadRunCreated) Default() ThreadRunCreated       { return "thread.run.created" }
func (c ThreadRunExpired) Default() ThreadRunExpired       { return "thread.run.expired" }
func (c ThreadRunFailed) Default() ThreadRunFailed         { return "thread.run.failed" }
func (c ThreadRunInProgress) Default() ThreadRunInProgress { return "thread.run.in_progress" }
func (c ThreadRunIncomplete) Default() ThreadRunIncomplete { return "thread.run.incomplete" }
func (c ThreadRunQueued) Default() ThreadRunQueued         { return "thread.run.queued" }
func (c ThreadRunRequiresAction) Default() ThreadRunRequiresAction {
	return "thread.run.requires_action"
}
func (c ThreadRunStep) Default() ThreadRunStep                   { return "thread.run.step" }
func (c ThreadRunStepCancelled) Default() ThreadRunStepCancelled { return "thread.run.step.cancelled" }
func (c ThreadRunStepCompleted) Default() ThreadRunStepCompleted { return "thread.run.step.completed" }
func (c ThreadRunStepCreated) Default() ThreadRunStepCreated     { return "thread.run.step.created" }
func (c ThreadRunStepDelta) Default() ThreadRunStepDelta         { return "thread.run.step.delta" }
func (c ThreadRunStepExpired) Default() ThreadRunStepExpired     { return "thread.run.step.expired" }
func (c ThreadRunStepFailed) Default() ThreadRunStepFailed       { return "thread.run.step.failed" }
func (c ThreadRunStepInProgress) Default() ThreadRunStepInProgress {
	return "thread.run.step.in_progress"
}
func (c Timeout) Default() Timeout                             { return "timeout" }
func (c Tokens) Default() Tokens                               { return "tokens" }
func (c Tool) Default() Tool                                   { return "tool" }
func (c ToolCalls) Default() ToolCalls                         { return "tool_calls" }
func (c ToolExecutionError) Default() ToolExecutionError       { return "tool_execution_error" }
func (c ToolSearch) Default() ToolSearch                       { return "tool_search" }
func (c ToolSearchCall) Default() ToolSearchCall               { return "tool_search_call" }
func (c ToolSearchOutput) Default() ToolSearchOutput           { return "tool_search_output" }
func (c Transcribe) Default() Transcribe                       { return "transcribe" }
func (c TranscriptTextDelta) Default() TranscriptTextDelta     { return "transcript.text.delta" }
func (c TranscriptTextDone) Default() TranscriptTextDone       { return "transcript.text.done" }
func (c TranscriptTextSegment) Default() TranscriptTextSegment { return "transcript.text.segment" }
func (c Transcription) Default() Transcription                 { return "transcription" }
func (c TranscriptionSessionUpdate) Default() TranscriptionSessionUpdate {
	return "transcription_session.update"
}
func (c TranscriptionSessionUpdated) Default() TranscriptionSessionUpdated {
	return "transcription_session.updated"
}
func (c Translation) Default() Translation                       { return "translation" }
func (c TransportAnswered) Default() TransportAnswered           { return "transport.answered" }
func (c TransportDtmfReceived) Default() TransportDtmfReceived   { return "transport.dtmf.received" }
func (c TransportDtmfSend) Default() TransportDtmfSend           { return "transport.dtmf.send" }
func (c TransportDtmfSent) Default() TransportDtmfSent           { return "transport.dtmf.sent" }
func (c TransportFailed) Default() TransportFailed               { return "transport.failed" }
func (c TransportRinging) Default() TransportRinging             { return "transport.ringing" }
func (c Type) Default() Type                                     { return "type" }
func (c Unavailable) Default() Unavailable                       { return "unavailable" }
func (c Unrestricted) Default() Unrestricted                     { return "unrestricted" }
func (c UpdateFile) Default() UpdateFile                         { return "update_file" }
func (c Upload) Default() Upload                                 { return "upload" }
func (c UploadPart) Default() UploadPart                         { return "upload.part" }
func (c UploadedJwks) Default() UploadedJwks                     { return "uploaded_jwks" }
func (c URL) Default() URL                                       { return "url" }
func (c URLCitation) Default() URLCitation                       { return "url_citation" }
func (c User) Default() User                                     { return "user" }
func (c UserRole) Default() UserRole                             { return "user.role" }
func (c Vault) Default() Vault                                   { return "vault" }
func (c VaultCredential) Default() VaultCredential               { return "vault.credential" }
func (c VaultCredentialDeleted) Default() VaultCredentialDeleted { return "vault.credential.deleted" }
func (c VaultDeleted) Default() VaultDeleted                     { return "vault.deleted" }
func (c VectorStore) Default() VectorStore                       { return "vector_store" }
func (c VectorStoreDeleted) Default() VectorStoreDeleted         { return "vector_store.deleted" }
func (c VectorStoreFile) Default() VectorStoreFile               { return "vector_store.file" }
func (c VectorStoreFileContentPage) Default() VectorStoreFileContentPage {
	return "vector_store.file_content.page"
}
func (c VectorStoreFileDeleted) Default() VectorStoreFileDeleted { return "vector_store.file.deleted" }
func (c VectorStoreFilesBatch) Default() VectorStoreFilesBatch   { return "vector_store.files_batch" }
func (c VectorStoreSearchResultsPage) Default() VectorStoreSearchResultsPage {
	return "vector_store.search_results.page"
}
func (c Video) Default() Video                                   { return "video" }
func (c VideoDeleted) Default() VideoDeleted                     { return "video.deleted" }
func (c Wait) Default() Wait                                     { return "wait" }
func (c WaitForSubagentsCall) Default() WaitForSubagentsCall     { return "wait_for_subagents_call" }
func (c Wandb) Default() Wandb                                   { return "wandb" }
func (c WebSearch) Default() WebSearch                           { return "web_search" }
func (c WebSearchCall) Default() WebSearchCall                   { return "web_search_call" }
func (c WebSearchPreview) Default() WebSearchPreview             { return "web_search_preview" }
func (c WebhookEndpoint) Default() WebhookEndpoint               { return "webhook_endpoint" }
func (c WebhookEndpointDeleted) Default() WebhookEndpointDeleted { return "webhook_endpoint.deleted" }
func (c WebhookEndpointTest) Default() WebhookEndpointTest       { return "webhook_endpoint.test" }
func (c Webrtc) Default() Webrtc                                 { return "webrtc" }

func (c Active) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c AdditionalTools) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Agent) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c AgentMessage) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c AgentAutomation) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c AgentAutomationDeleted) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c AgentAutomationInvocation) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c AgentDeleted) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c AgentEnvironment) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c AgentEnvironmentExpired) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c AgentEnvironmentFailed) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c AgentEnvironmentFile) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c AgentEnvironmentReady) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c AgentEnvironmentSuspended) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c AgentEnvironmentTemplate) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c AgentEnvironmentTemplateDeleted) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c AgentOutputCommandExecutionOutputDelta) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c AgentSession) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c AgentSessionActionRequired) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c AgentSessionArtifact) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c AgentSessionArtifactDeleted) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c AgentSessionCreated) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c AgentSessionDeleted) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c AgentSessionEnvironmentConnected) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c AgentSessionEnvironmentDisconnected) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c AgentSessionEnvironmentExpired) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c AgentSessionEnvironmentFailed) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c AgentSessionEnvironmentPending) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c AgentSessionEnvironmentReady) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c AgentSessionEnvironmentReset) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c AgentSessionEnvironmentSuspended) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c AgentSessionFailed) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c AgentSessionIdle) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c AgentSessionInProgress) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c AgentSessionInputCancel) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c AgentSessionInputComputerUseApprovalRequestResult) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c AgentSessionInputMessage) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c AgentSessionInputToolResult) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c AgentSessionRequiresAction) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c AgentSessionSubagentActive) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c AgentSessionSubagentClosed) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c AgentSessionSubagentCreated) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c AgentSessionTrace) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c AgentSessionTurnCancelled) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c AgentSessionTurnCompleted) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c AgentSessionTurnContentPartAdded) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c AgentSessionTurnContentPartDone) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c AgentSessionTurnCreated) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c AgentSessionTurnFailed) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c AgentSessionTurnInProgress) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c AgentSessionTurnItemAdded) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c AgentSessionTurnItemDone) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c AgentSessionTurnOutputTextDelta) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c AgentSessionTurnOutputTextDone) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c AgentSessionTurnReasoningSummaryPartAdded) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c AgentSessionTurnReasoningSummaryPartDone) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c AgentSessionTurnReasoningSummaryTextDelta) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c AgentSessionTurnReasoningSummaryTextDone) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c All) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c AllowedTools) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c Allowlist) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c ApplicationZip) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c ApplyPatch) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c ApplyPatchCall) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c ApplyPatchCallOutput) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c Approximate) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c Assistant) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c AssistantDeleted) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c AudioSample) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c AudioVoice) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c AudioVoiceConsent) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c AudioVoiceDeleted) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c AudioPCM) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c AudioPCMA) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c AudioPCMU) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c Auto) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c Automation) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c Automations) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c Aws) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Azure) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c Base64) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c Batch) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c BatchCancelled) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c BatchCompleted) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c BatchExpired) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c BatchFailed) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c BrowserAuthentication) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c BrowserOriginAccess) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c Bucket) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c C2PA) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c CacheHit) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c CacheMiss) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c CallError) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c Cancel) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c CertificateDeleted) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ChatCompletion) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c ChatCompletionChunk) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ChatCompletionDeleted) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ChatKitAssistantMessage) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c ChatKitClientToolCall) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ChatKitSession) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c ChatKitTask) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c ChatKitTaskGroup) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ChatKitThread) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c ChatKitThreadItem) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ChatKitThreadDeleted) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ChatKitUserMessage) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ChatKitWidget) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c CheckpointPermission) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c Choice) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c Click) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c Client) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c ClientSecretBasic) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ClientSecretPost) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c CloseSubagentCall) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c Closed) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c CodeInterpreter) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c CodeInterpreterCall) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c CommandExecution) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Compaction) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c CompactionTrigger) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ComparisonResponseNotFound) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c Computer) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c ComputerCallOutput) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ComputerScreenshot) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ComputerUse) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c ComputerUseApprovalRequest) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ComputerUseApprovalRequestResult) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c ComputerUseCall) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ComputerUsePreview) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ConfigurationUpdate) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ContainerAuto) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c ContainerFileCitation) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ContainerReference) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ContainerFile) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c Content) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c Conversation) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ConversationCreated) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ConversationDeleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ConversationItemAdded) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ConversationItemCreate) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c ConversationItemCreated) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c ConversationItemDelete) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c ConversationItemDeleted) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c ConversationItemDone) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ConversationItemInputAudioTranscriptionCompleted) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c ConversationItemInputAudioTranscriptionDelta) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c ConversationItemInputAudioTranscriptionFailed) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c ConversationItemInputAudioTranscriptionSegment) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c ConversationItemRetrieve) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ConversationItemRetrieved) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c ConversationItemTruncate) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ConversationItemTruncated) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c CreateFile) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c CreateSubagentCall) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c CreatedAt) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c Custom) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c CustomToolCall) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c CustomToolCallOutput) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c DecisionCompleted) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c DecisionCreate) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c DecisionEvent) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c DecisionItemCreate) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c DecisionItemCreated) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c DecisionItemDelete) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c DecisionItemDeleted) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Decisions) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c Delegation) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c DeleteFile) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c Developer) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c Direct) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Disabled) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c Discovery) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c DoubleClick) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c Drag) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Duration) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c Email) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c Embedding) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c EncryptedContent) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c EnvironmentConnection) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c EnvironmentVariable) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Error) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c EvalRunCanceled) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c EvalRunFailed) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c EvalRunSucceeded) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c Event) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c Exec) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c ExistingSession) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c Exit) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Explicit) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c File) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c FileCitation) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c FileID) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c FilePath) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c FileSearch) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c FileSearchCall) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c FindInPage) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c FineTuningJob) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c FineTuningJobCancelled) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c FineTuningJobCheckpoint) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c FineTuningJobEvent) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c FineTuningJobFailed) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c FineTuningJobSucceeded) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c Function) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c FunctionCall) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c FunctionCallOutput) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c Gcp) MarshalJSON() ([]byte, error)                                 { return marshalString(c) }
func (c Grammar) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c Group) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c GroupDeleted) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c GroupRole) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c GroupUser) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c GroupUserDeleted) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c HTTP) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c HTTPError) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c Image) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c ImageEditCompleted) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ImageEditPartialImage) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ImageFile) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c ImageGeneration) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ImageGenerationCall) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ImageGenerationCompleted) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ImageGenerationPartialImage) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c ImageURL) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c Incomplete) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c Inf) MarshalJSON() ([]byte, error)                                 { return marshalString(c) }
func (c Info) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Inline) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c InputAudio) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c InputAudioBufferAppend) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c InputAudioBufferClear) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c InputAudioBufferCleared) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c InputAudioBufferCommit) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c InputAudioBufferCommitted) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c InputAudioBufferDtmfEventReceived) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c InputAudioBufferSpeechStarted) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c InputAudioBufferSpeechStopped) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c InputAudioBufferTimeoutTriggered) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c InputFile) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c InputImage) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c InputJSON) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c InputText) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c InterruptSubagentCall) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c InvalidRequestError) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c JSONObject) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c JSONSchema) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c Keypress) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c LabelModel) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c LastActiveAt) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c Limited) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c List) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Live) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c LiveCallIncoming) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c LiveTransportIncoming) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c Local) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c LocalShell) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c LocalShellCall) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c LocalShellCallOutput) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c Locked) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Logs) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Manual) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Mcp) MarshalJSON() ([]byte, error)                                 { return marshalString(c) }
func (c McpApprovalRequest) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c McpApprovalResponse) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c McpCall) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c McpListTools) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c McpListToolsCompleted) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c McpListToolsFailed) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c McpListToolsInProgress) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c McpOAuth) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c McpProtocolError) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c McpToolExecutionError) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c Message) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c MessageCreation) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c Model) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c ModerationResult) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c ModerationResults) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c Move) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Multi) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c MultiAgentCall) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c MultiAgentCallOutput) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c Namespace) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c NewSession) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c None) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Oci) MarshalJSON() ([]byte, error)                                 { return marshalString(c) }
func (c Oidc) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Once) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c OpenPage) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c OpenAIHosted) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c OrganizationAdminAPIKey) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c OrganizationAdminAPIKeyDeleted) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c OrganizationCertificate) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c OrganizationCertificateActivation) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c OrganizationCertificateDeactivation) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c OrganizationCostsResult) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c OrganizationDataRetention) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c OrganizationExternalStorage) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c OrganizationExternalStorageDeleted) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c OrganizationInvite) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c OrganizationInviteDeleted) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c OrganizationProject) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c OrganizationProjectAPIKey) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c OrganizationProjectAPIKeyDeleted) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c OrganizationProjectCertificate) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c OrganizationProjectCertificateActivation) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationProjectCertificateDeactivation) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationProjectServiceAccount) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c OrganizationProjectServiceAccountAPIKey) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationProjectServiceAccountDeleted) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationProjectUser) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c OrganizationProjectUserDeleted) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c OrganizationSpendAlert) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c OrganizationSpendAlertDeleted) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c OrganizationSpendLimit) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c OrganizationSpendLimitDeleted) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c OrganizationUsageAudioSpeechesResult) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c OrganizationUsageAudioTranscriptionsResult) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationUsageCodeInterpreterSessionsResult) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationUsageCompletionsResult) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c OrganizationUsageDecisionsResult) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c OrganizationUsageEmbeddingsResult) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c OrganizationUsageFileSearchesResult) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c OrganizationUsageImagesResult) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c OrganizationUsageModerationsResult) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c OrganizationUsageVectorStoresResult) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c OrganizationUsageWebSearchesResult) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c OrganizationUser) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c OrganizationUserDeleted) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c OrganizationWorkloadIdentityFederationRule) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationWorkloadIdentityFederationRuleDeleted) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c OrganizationWorkloadIdentityProvider) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c OrganizationWorkloadIdentityProviderDeleted) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c Other) MarshalJSON() ([]byte, error)                                 { return marshalString(c) }
func (c OutputAudio) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c OutputAudioBufferClear) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c OutputAudioBufferCleared) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c OutputAudioBufferStarted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c OutputAudioBufferStopped) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c OutputText) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c Page) MarshalJSON() ([]byte, error)                                  { return marshalString(c) }
func (c PendingDelivery) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c Periodic) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Predicate) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c Program) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c ProgramOutput) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c ProgrammaticToolCalling) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ProjectDataRetention) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ProjectGroup) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c ProjectGroupDeleted) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c ProjectModelPermissions) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ProjectModelPermissionsDeleted) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c ProjectRateLimit) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c ProjectServiceTierSettings) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ProjectSpendAlert) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ProjectSpendAlertDeleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ProjectSpendLimit) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ProjectSpendLimitDeleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ProtocolError) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c Python) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c QuotedText) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c RateLimitsUpdated) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c Realtime) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c RealtimeCallIncoming) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c RealtimeSession) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c Reasoning) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c ReasoningText) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c Refusal) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c Response) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c ResponseAudioDelta) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c ResponseAudioDone) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ResponseAudioTranscriptDelta) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c ResponseAudioTranscriptDone) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c ResponseCancel) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c ResponseCancelled) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ResponseCodeInterpreterCallCodeDelta) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c ResponseCodeInterpreterCallCodeDone) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c ResponseCodeInterpreterCallCompleted) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c ResponseCodeInterpreterCallInProgress) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c ResponseCodeInterpreterCallInterpreting) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c ResponseCompaction) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c ResponseCompactionCompacting) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c ResponseCompleted) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ResponseContentPartAdded) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ResponseContentPartDone) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ResponseCreate) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c ResponseCreated) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c ResponseCustomToolCallInputDelta) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c ResponseCustomToolCallInputDone) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ResponseDone) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c ResponseEvent) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c ResponseFailed) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c ResponseFileSearchCallCompleted) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ResponseFileSearchCallInProgress) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c ResponseFileSearchCallSearching) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ResponseFunctionCallArgumentsDelta) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c ResponseFunctionCallArgumentsDone) MarshalJSON() ([]byte, error)     { return marshalString(c) }
func (c ResponseImageGenerationCallCompleted) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c ResponseImageGenerationCallGenerating) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c ResponseImageGenerationCallInProgress) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c ResponseImageGenerationCallPartialImage) MarshalJSON() ([]byte, error) {
	return marshalString(c)
}
func (c ResponseInProgress) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ResponseIncomplete) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ResponseInject) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c ResponseInjectCreated) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ResponseInjectFailed) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ResponseInputTokens) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ResponseItemCreate) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ResponseMcpCallArgumentsDelta) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ResponseMcpCallArgumentsDone) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c ResponseMcpCallCompleted) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ResponseMcpCallFailed) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ResponseMcpCallInProgress) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c ResponseMcpListToolsCompleted) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ResponseMcpListToolsFailed) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c ResponseMcpListToolsInProgress) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c ResponseOutputAudioTranscriptDelta) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c ResponseOutputAudioTranscriptDone) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c ResponseOutputAudioDelta) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c ResponseOutputAudioDone) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ResponseOutputItemAdded) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ResponseOutputItemDone) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ResponseOutputTextAnnotationAdded) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c ResponseOutputTextDelta) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ResponseOutputTextDone) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ResponseQueued) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c ResponseReasoningSummaryPartAdded) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c ResponseReasoningSummaryPartDone) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c ResponseReasoningSummaryTextDelta) MarshalJSON() ([]byte, error)   { return marshalString(c) }
func (c ResponseReasoningSummaryTextDone) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c ResponseReasoningTextDelta) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c ResponseReasoningTextDone) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c ResponseRefusalDelta) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ResponseRefusalDone) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ResponseShellCallCommandAdded) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ResponseShellCallCommandDelta) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c ResponseShellCallCommandDone) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c ResponseShellCallOutputContentDelta) MarshalJSON() ([]byte, error) { return marshalString(c) }
func (c ResponseShellCallOutputContentDone) MarshalJSON() ([]byte, error)  { return marshalString(c) }
func (c ResponseSteer) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c ResponseSteerAccepted) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ResponseSteerFailed) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ResponseSteerPending) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ResponseWebSearchCallCompleted) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c ResponseWebSearchCallInProgress) MarshalJSON() ([]byte, error)     { return marshalString(c) }
func (c ResponseWebSearchCallSearching) MarshalJSON() ([]byte, error)      { return marshalString(c) }
func (c Responses) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c Restricted) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c ResumeSubagentCall) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c RetentionRatio) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c Role) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c RoleDeleted) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c SafetyAlert) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c SafetyAlertCreated) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c SafetyCase) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c SafetyDeactivationIssued) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c SafetyOrgAlertCreated) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c SafetyWarningIssued) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Score) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c ScoreModel) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c Screenshot) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c Scroll) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Search) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c SelfHosted) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c SemanticVad) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c SendSubagentInputCall) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c ServerVad) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c ServiceAccountDefault) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c SessionClose) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c SessionClosed) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c SessionCommentaryAppend) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c SessionCommentaryAppended) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c SessionCreated) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c SessionDelegationCreated) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c SessionInputAudioBufferAppend) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c SessionInputAudioAppend) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c SessionInputAudioMute) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c SessionInputAudioMuted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c SessionInputAudioUnmute) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c SessionInputAudioUnmuted) MarshalJSON() ([]byte, error)            { return marshalString(c) }
func (c SessionInputTranscriptDelta) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c SessionInstructionsAppend) MarshalJSON() ([]byte, error)           { return marshalString(c) }
func (c SessionInstructionsAppended) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c SessionOutputAudioDelta) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c SessionOutputAudioFixturePlay) MarshalJSON() ([]byte, error)       { return marshalString(c) }
func (c SessionOutputAudioFixturePlayed) MarshalJSON() ([]byte, error)     { return marshalString(c) }
func (c SessionOutputAudioFixturePlaying) MarshalJSON() ([]byte, error)    { return marshalString(c) }
func (c SessionOutputTranscriptDelta) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c SessionStart) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c SessionStarted) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c SessionThinkingAppend) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c SessionThinkingAppended) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c SessionUpdate) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c SessionUpdated) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c SessionUsageUpdated) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Shell) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c ShellCall) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c ShellCallOutput) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c Sip) MarshalJSON() ([]byte, error)                                 { return marshalString(c) }
func (c Skill) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c SkillReference) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c SkillDeleted) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c SkillVersion) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c SkillVersionDeleted) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Static) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c StaticBearer) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c Stdio) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c StringCheck) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c Submit) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c SubmitToolOutputs) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c SummaryText) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c SynthID) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c System) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Text) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c TextCompletion) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c TextSimilarity) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c Thread) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c ThreadCreated) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c ThreadDeleted) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c ThreadMessage) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c ThreadMessageCompleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ThreadMessageCreated) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ThreadMessageDeleted) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ThreadMessageDelta) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ThreadMessageInProgress) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ThreadMessageIncomplete) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ThreadRun) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c ThreadRunCancelled) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ThreadRunCancelling) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ThreadRunCompleted) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ThreadRunCreated) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c ThreadRunExpired) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c ThreadRunFailed) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ThreadRunInProgress) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ThreadRunIncomplete) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ThreadRunQueued) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c ThreadRunRequiresAction) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c ThreadRunStep) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c ThreadRunStepCancelled) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ThreadRunStepCompleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c ThreadRunStepCreated) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ThreadRunStepDelta) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ThreadRunStepExpired) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c ThreadRunStepFailed) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c ThreadRunStepInProgress) MarshalJSON() ([]byte, error)             { return marshalString(c) }
func (c Timeout) MarshalJSON() ([]byte, error)                             { return marshalString(c) }
func (c Tokens) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c Tool) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c ToolCalls) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c ToolExecutionError) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c ToolSearch) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c ToolSearchCall) MarshalJSON() ([]byte, error)                      { return marshalString(c) }
func (c ToolSearchOutput) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c Transcribe) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c TranscriptTextDelta) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c TranscriptTextDone) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c TranscriptTextSegment) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c Transcription) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c TranscriptionSessionUpdate) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c TranscriptionSessionUpdated) MarshalJSON() ([]byte, error)         { return marshalString(c) }
func (c Translation) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c TransportAnswered) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c TransportDtmfReceived) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c TransportDtmfSend) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c TransportDtmfSent) MarshalJSON() ([]byte, error)                   { return marshalString(c) }
func (c TransportFailed) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c TransportRinging) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c Type) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c Unavailable) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c Unrestricted) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c UpdateFile) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c Upload) MarshalJSON() ([]byte, error)                              { return marshalString(c) }
func (c UploadPart) MarshalJSON() ([]byte, error)                          { return marshalString(c) }
func (c UploadedJwks) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c URL) MarshalJSON() ([]byte, error)                                 { return marshalString(c) }
func (c URLCitation) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c User) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c UserRole) MarshalJSON() ([]byte, error)                            { return marshalString(c) }
func (c Vault) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c VaultCredential) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c VaultCredentialDeleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c VaultDeleted) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c VectorStore) MarshalJSON() ([]byte, error)                         { return marshalString(c) }
func (c VectorStoreDeleted) MarshalJSON() ([]byte, error)                  { return marshalString(c) }
func (c VectorStoreFile) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c VectorStoreFileContentPage) MarshalJSON() ([]byte, error)          { return marshalString(c) }
func (c VectorStoreFileDeleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c VectorStoreFilesBatch) MarshalJSON() ([]byte, error)               { return marshalString(c) }
func (c VectorStoreSearchResultsPage) MarshalJSON() ([]byte, error)        { return marshalString(c) }
func (c Video) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c VideoDeleted) MarshalJSON() ([]byte, error)                        { return marshalString(c) }
func (c Wait) MarshalJSON() ([]byte, error)                                { return marshalString(c) }
func (c WaitForSubagentsCall) MarshalJSON() ([]byte, error)                { return marshalString(c) }
func (c Wandb) MarshalJSON() ([]byte, error)                               { return marshalString(c) }
func (c WebSearch) MarshalJSON() ([]byte, error)                           { return marshalString(c) }
func (c WebSearchCall) MarshalJSON() ([]byte, error)                       { return marshalString(c) }
func (c WebSearchPreview) MarshalJSON() ([]byte, error)                    { return marshalString(c) }
func (c WebhookEndpoint) MarshalJSON() ([]byte, error)                     { return marshalString(c) }
func (c WebhookEndpointDeleted) MarshalJSON() ([]byte, error)              { return marshalString(c) }
func (c WebhookEndpointTest) MarshalJSON() ([]byte, error)                 { return marshalString(c) }
func (c Webrtc) MarshalJSON() ([]byte, error)                              { return marshalString(c) }

type constant[T any] interface {
	Constant[T]
	*T
}

func marshalString[T ~string, PT constant[T]](v T) ([]byte, error) {
	var zero T
	if v == zero {
		v = PT(&v).Default()
	}
	return shimjson.Marshal(string(v))
}
