// Package runtimetest is the conformance suite for quote.Runtime
// implementations, as quote/quotetest is for providers. Every runtime runs
// it from its own tests, over a node it can steer (a devnet or a fake
// JSON-RPC server):
//
//	func TestConformance(t *testing.T) {
//		runtimetest.Run(t, func(t *testing.T) runtimetest.Harness {
//			return runtimetest.Harness{Runtime: ..., Catalog: ..., Chains: ..., Reads: ..., ...}
//		})
//	}
//
// It checks what the engine relies on, in the engine's neutral terms only:
//
//   - Serves names a runtime and Has the harness's chains.
//   - Reads are batched: one ReadState is one round trip to the chain's
//     node however many reads it carries, and two chains read at once make
//     one each.
//   - State is of one point: a later phase (ReadState with the first
//     phase's state) reads at the first phase's block or slot even after the
//     chain moved, in at most one round trip, without modifying the first
//     phase's state; a new first phase reads the newest state.
//   - Funding: a leg lacking its grant gets a step, a leg already granted
//     none, and the second of two legs of one route drawing on one grant
//     sees the first's use of it through the route's quote.Ledger (an
//     allowance counted once, an account created once).
//   - Payload checks: the runtime's own steps pass CheckPayload and
//     CheckLeg; a payload calling what the deployment does not know, or
//     granting someone other than the leg's party, is refused.
//   - Isolation: a chain whose node fails fails its reads with a
//     quote.ChainUnavailable naming it, and the other chain still reads.
//
// The suite runs against the EVM runtime (evm/evmruntime, over the
// devnet), the Solana runtime (svm/svmruntime, over svm/svmtest's fake
// node) and a pretend in-memory runtime of its own tests, so that it
// holds no runtime's shape.
package runtimetest
