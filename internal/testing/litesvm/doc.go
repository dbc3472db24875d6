// Package litesvm runs Go-built Solana transactions in LiteSVM (the npm
// package litesvm, a Solana runtime in a native Node module) for tests:
// the SPL Token, Token-2022, associated token account, address lookup table
// and compute budget programs are real there, so the parts of a payload
// that call them execute as on a cluster. M0's own programs (ext_swap,
// m_ext, the Portal) are not loaded: their binaries are not part of this
// repository, so tests check those instructions against the IDLs instead
// (package svm's golden tests).
//
// The runner is runner.js, next to this file, embedded and run as `node -e`
// in the directory where its node modules are installed: Config.Dir, else
// $ORCHESTRATION_LITESVM_DIR, else the user cache directory's
// m0-litesvm/<hash of package-lock.json>, which install.sh (and CI's
// .ci/run) fills with `npm ci` from the committed lockfile.
//
// A Request runs in a fresh LiteSVM: preloaded accounts (Wallet, Mint,
// TokenAccount and LookupTable build them in the programs' layouts),
// transactions run in order, then the watched accounts' post-state. Run
// starts one node process per Request, RunAll one for several. Signature
// verification and the blockhash check are off, since payloads are
// unsigned and carry a cluster's blockhash, and no transaction history is
// kept, so a payload can run twice (idempotency). Runnable splits a
// payload into what LiteSVM can run and the M0 instructions it cannot.
//
// For tests, ForTest returns a Harness or skips when node or the modules are
// missing, and fails instead when ORCHESTRATION_TEST_LITESVM=1 (CI sets it
// once it has installed them), so a broken install cannot pass as a skip.
package litesvm
