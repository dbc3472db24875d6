package evm

import (
	"errors"
	"net/url"
	"strings"
)

// redact removes RPC endpoint URLs from err's message. Node URLs often carry
// API keys in their path or query, and net/http puts the URL in every
// transport error (*url.Error). The result still unwraps to the transport's
// cause, so errors.Is(err, context.DeadlineExceeded) keeps working.
func redact(err error) error {
	var ue *url.Error
	if err == nil || !errors.As(err, &ue) || ue.URL == "" {
		return err
	}
	msg := strings.ReplaceAll(err.Error(), ue.URL, "<rpc endpoint>")
	return &redactedError{msg: msg, cause: ue.Err}
}

type redactedError struct {
	msg   string
	cause error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.cause }
