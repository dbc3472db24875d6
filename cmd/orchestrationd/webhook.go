package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/m0-orchestration/m0/apikey"
	"github.com/m0-orchestration/m0/orchestration"
	"github.com/m0-orchestration/m0/webhook"
)

// keysWebhook runs keys webhook set, show, remove and test.
func keysWebhook(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usageError{errors.New("keys webhook needs a subcommand: set, show, remove or test"), webhookSynopsis + "\n"}
	}
	sub := args[0]
	switch sub {
	case "set", "show", "remove", "test":
	default:
		return usageError{fmt.Errorf("unknown keys webhook subcommand %q: want set, show, remove or test", orchestration.Clip(sub)), webhookSynopsis + "\n"}
	}
	fs := newFlagSet("keys webhook " + sub)
	configPath := fs.String("config", "", "config file whose database to use; none means the embedded default")
	var senders *string
	if sub == "set" {
		senders = fs.String("sender", "", "comma-separated sender addresses whose orders the webhook is told of, besides those quoted to the key")
	}
	if err := parseFlags(fs, webhookSynopsis+"\n", args[1:]); err != nil {
		return err
	}
	var follow []string
	if sub == "set" {
		if fs.NArg() != 2 {
			return usageError{errors.New("keys webhook set needs a key ID or name and a URL"), webhookSynopsis + "\n"}
		}
		if err := webhook.CheckURL(fs.Arg(1)); err != nil {
			return usageError{err, webhookSynopsis + "\n"}
		}
		for _, a := range splitList(*senders) {
			c, err := webhook.CanonicalSender(a)
			if err != nil {
				return usageError{fmt.Errorf("-sender %q: %w", orchestration.Clip(a), err), webhookSynopsis + "\n"}
			}
			follow = append(follow, c)
		}
	} else if fs.NArg() != 1 {
		return usageError{fmt.Errorf("keys webhook %s needs exactly one key ID or name", sub), webhookSynopsis + "\n"}
	}
	db, err := openConfiguredDB(ctx, *configPath)
	if err != nil {
		return err
	}
	defer db.Close()
	k, err := apikey.NewStore(db, nil).Get(ctx, fs.Arg(0))
	if err != nil {
		return err
	}
	if k.RevokedAt != nil {
		return fmt.Errorf("key %s (%s) is revoked", k.Name, k.ID)
	}
	store := webhook.NewSQLStore(db, webhook.SQLConfig{})
	switch sub {
	case "set":
		secret := webhook.NewSecret()
		if err := store.Set(ctx, k.ID, fs.Arg(1), secret, follow); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "webhook of key %s (%s): %s\n", k.Name, k.ID, fs.Arg(1))
		fmt.Fprintf(stdout, "signing secret (shown once, store it now; set again to replace it): %s\n", secret)
	case "show":
		w, err := store.Get(ctx, k.ID)
		if err != nil {
			return err
		}
		c, err := store.Counts(ctx, k.ID)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "key:     %s (%s)\nurl:     %s\ncreated: %s\noutbox:  %d pending, %d dead\nsenders:\n",
			k.Name, k.ID, w.URL, w.CreatedAt.Format(time.RFC3339), c.Pending, c.Dead)
		if len(w.Senders) == 0 {
			fmt.Fprintln(stdout, "  none yet: quote a limit order with this key, or set -sender")
		}
		for _, sd := range w.Senders {
			fmt.Fprintf(stdout, "  %s (%s)\n", sd.Address, sd.Source)
		}
	case "remove":
		if err := store.Remove(ctx, k.ID); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "removed the webhook of key %s (%s), its senders and undelivered events\n", k.Name, k.ID)
	case "test":
		id, status, err := webhook.SendTest(ctx, store, nil, k.ID, time.Now())
		if status != 0 {
			fmt.Fprintf(stdout, "sent test event %s: the receiver answered %d\n", id, status)
		}
		if err != nil {
			return fmt.Errorf("test event %s: %w", id, err)
		}
	}
	return nil
}
