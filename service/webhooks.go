package service

import (
	"context"
	"sync"

	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/webhook"
)

// buildWebhooks makes the webhook store over the service's database and,
// unless Config.Orders.Webhooks says otherwise, starts the dispatcher
// delivering its outbox. Called with an index only: without one no event
// is ever recorded.
func (s *Service) buildWebhooks() error {
	wc := s.cfg.Orders.Webhooks
	if wc.Disabled {
		return nil
	}
	var d *webhook.Dispatcher
	cfg := webhook.SQLConfig{ChainName: s.chainName, OnCommit: func() {
		if d != nil {
			d.Wake()
		}
	}}
	s.webhooks = webhook.NewSQLStore(s.db, cfg)
	if wc.NoDispatcher {
		return nil
	}
	var err error
	d, err = webhook.NewDispatcher(webhook.DispatcherConfig{Store: s.webhooks, PollInterval: wc.PollInterval, Timeout: wc.Timeout,
		FirstRetry: wc.FirstRetry, MaxRetry: wc.MaxRetry, MaxAttempts: wc.MaxAttempts, MaxAge: wc.MaxAge,
		Registerer: s.cfg.Registry, Logger: s.logger})
	if err != nil {
		return &ConfigError{Field: "Orders.Webhooks", Problem: err.Error(), Err: err}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Go(func() { d.Run(ctx) })
	// Before the database closes; deliveries in flight are cut short and
	// their events, still in the outbox, sent again by the next dispatcher.
	s.closers = append([]func(){func() { cancel(); wg.Wait() }}, s.closers...)
	return nil
}

// check finds the negative values, before anything starts (checkConfig).
func (wc WebhooksConfig) check() error {
	for _, f := range []struct {
		field string
		v     int64
	}{{"PollInterval", int64(wc.PollInterval)}, {"Timeout", int64(wc.Timeout)}, {"FirstRetry", int64(wc.FirstRetry)},
		{"MaxRetry", int64(wc.MaxRetry)}, {"MaxAttempts", int64(wc.MaxAttempts)}, {"MaxAge", int64(wc.MaxAge)}} {
		if f.v < 0 {
			return &ConfigError{Field: "Orders.Webhooks." + f.field, Problem: "must not be negative"}
		}
	}
	return nil
}

// chainName is the catalog's name of an EVM chain id, for the webhooks'
// events; "" when the catalog has none.
func (s *Service) chainName(id uint64) string {
	if c, ok := s.catalog.ChainByID(orchestration.RuntimeEVM, id); ok {
		return string(c.Name)
	}
	if c, ok := s.catalog.ChainByID(orchestration.RuntimeSVM, id); ok {
		return string(c.Name)
	}
	return ""
}

// Webhooks is the webhook store (registration, outbox); nil without an
// order index or with Config.Orders.Webhooks.Disabled.
func (s *Service) Webhooks() *webhook.SQLStore { return s.webhooks }
