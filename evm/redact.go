package evm

import "github.com/m0-orchestration/m0/internal/roundtrip"

// redact removes RPC endpoint URLs from err's message (roundtrip.Redact):
// node URLs often carry API keys, and net/http puts the URL in every
// transport error.
func redact(err error) error { return roundtrip.Redact(err) }
