// Package transfer moves prefilled KV pages from one node to another, and nothing else: it is the
// node-to-node layer of disaggregated prefill/decode serving. It decides nothing about requests
// or pages (the isolation core does); it checks that what arrives is exactly what was reserved,
// writes it only into the reserved pages, and reports.
//
// # Roles and sequence
//
// The decode node's core reserves pages for an announced prompt (core.ReceivePages); its engine
// calls Receiver.Expect, which returns a Ticket. The router hands (transfer id, request id,
// ticket) to the prefill node, whose core later plans core.SendPages; its engine calls
// Sender.Send with a Manifest naming the decode side's binding and a PageSource over its pages.
//
//	prefill engine        Sender                      Receiver              decode engine
//	      |                  |                            |  Expect(res) ------<| ReceivePages
//	      |                  |                            |>------ ticket ---->| (to the router)
//	      |>-- Send(m, src) ->| read pages: checksums      |                    |
//	      |                  |>-- manifest --------------->| ticket, request, tenant, model,
//	      |                  |                            | tokens, pages: all checked before
//	      |                  |<-------------------- accept | any page is read
//	      |                  |>-- page 0 ----------------->| header, index, size, CRC-32C,
//	      |                  |>-- page 1 ----------------->| destination page's owner header:
//	      |                  |   ...                      | then written into the pool
//	      |                  |>-- end -------------------->| count, tokens, headers read back
//	      |                  |<-------------------- commit |>-- Done(Outcome) -->| PagesReceived
//	      |<------------ nil |                            |                    |
//	 TransferDone(ok)
//
// Any failed check ends the transfer with an *Error whose Reason names the check (metric label):
// the receiver sends an abort frame and reports Done(Outcome{Err}), writing nothing more, and the
// pages are the caller's to quarantine (core.TransferDone(id, false)); the sender's Send returns
// the receiver's reason (Remote). An abort on the sending side sends an abort frame: the receiver
// reports ReasonCancelled (Remote) for a cancelled ctx, ReasonPeer for anything else (a page's
// header no longer the request's); a manifest for a reservation Cancel ended, with its ticket, is
// answered ReasonCancelled rather than ReasonStale (a late sender, not a replay), as is a page or
// end frame of a live transfer that an abort ended (with that abort's reason); a stream that
// breaks without one is ReasonConnection; a reservation that has not committed by its deadline is
// ReasonDeadline. Receiver.Cancel is core.Ready.Cancel on the decode side; cancelling Send's ctx
// is the same on the prefill side, and a ctx already cancelled sends nothing.
//
// The receiver commits when the decode side has what it needs; if the commit frame is then lost,
// the prefill side aborts its (finished) request while the decode side carries on: the decode
// node is the authority on a transfer's outcome.
//
// # Guarantees
//
//   - A frame writes into a page only while its transfer is live, under the transfer's lock, after
//     the page's header still reads (tenant, request, generation, unwritten) of the reservation:
//     an abort waits for a write in flight, and no write starts after it. Pages are marked written
//     only at the commit, all together, so an aborted transfer never leaves a readable page.
//   - A ticket is consumed by the first manifest naming it; a replayed, finished or unknown
//     transfer is refused as ReasonStale (reported to ReceiverConfig.Refused, since no reservation
//     is involved). A manifest that names a live reservation but mismatches aborts it (fail closed).
//   - Only the token slots in use travel (packed layer by layer, K then V), so a page's unused
//     slots, which may hold a previous owner's KV, never leave the node.
//   - Pages stream one frame each (never one message per prompt) through one reused buffer per
//     stream on each side; frames are capped at MaxFrameBytes and decoding checks every declared
//     size against the cap and the input before allocating.
//
// # Transports
//
// GRPCTransport and GRPCServer carry frames over gRPC streams (one bidirectional stream per
// transfer) with a hand-written codec and service description, over TCP with mutual TLS 1.3
// (LoadTLS; WriteDevCerts for development). MemNetwork is the same contract in memory, and Faults
// wraps either to inject the failures the tests run through (fault.go).
package transfer
