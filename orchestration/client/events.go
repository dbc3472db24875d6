package client

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"iter"
	"mime"
	"net/http"
	"strconv"

	"github.com/m0-orchestration/m0/orchestration"
)

var _ orchestration.OrderWatcher = (*Client)(nil)

// ErrStreamEnded is the cause of the error a status stream yields when it
// ends before a terminal status: the server shut down or the connection
// broke. Calling OrderEvents again with LastEventID set to the last
// event's ID resumes it.
var ErrStreamEnded = errors.New("the order status stream ended before a final status")

// maxEventBytes bounds one line of a status stream.
const maxEventBytes = 1 << 20

// OrderEvents opens GET /orders/{originChain}/{orderId}/events and returns
// its statuses: the order's current one, then each change, until COMPLETED
// or CANCELLED. The errors before the stream are the route's (a 404
// OrderNotFound, a 429 RateLimited when the key has too many streams open,
// ...). The stream's connection stays open until the sequence ends, the
// loop over it stops, or ctx ends: range over it, or cancel ctx. A stream
// that ends early yields a last error wrapping ErrStreamEnded.
func (c *Client) OrderEvents(ctx context.Context, req orchestration.OrderEventsRequest) (iter.Seq2[orchestration.OrderEvent, error], error) {
	ep := orchestration.EndpointOrderEvents
	header := http.Header{}
	if req.LastEventID != 0 {
		header.Set("Last-Event-ID", strconv.FormatInt(req.LastEventID, 10))
	}
	resp, err := c.send(ctx, request{method: ep.Method, path: orderPath(req.Order) + "/events", accept: "text/event-stream",
		header: header, fail: ep.Fail})
	if err != nil {
		return nil, err
	}
	requestID := resp.Header.Get("X-Request-Id")
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != "text/event-stream" {
		resp.Body.Close()
		return nil, &Error{StatusCode: resp.StatusCode, RequestID: requestID,
			Err: orchestration.Errorf(ep.Fail, "the answer is %s, not an event stream", contentType(resp))}
	}
	return func(yield func(orchestration.OrderEvent, error) bool) {
		defer resp.Body.Close()
		fail := func(err error, msg string) {
			yield(orchestration.OrderEvent{}, &Error{StatusCode: resp.StatusCode, RequestID: requestID, Err: orchestration.Wrap(ep.Fail, err, msg)})
		}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 0, 4096), maxEventBytes)
		var id, event string
		var data bytes.Buffer
		for sc.Scan() {
			line := sc.Bytes()
			if len(line) > 0 {
				field, value, _ := bytes.Cut(line, []byte(":"))
				value = bytes.TrimPrefix(value, []byte(" "))
				switch string(field) {
				case "id":
					id = string(value)
				case "event":
					event = string(value)
				case "data":
					if data.Len() > 0 {
						data.WriteByte('\n')
					}
					data.Write(value)
				}
				continue // "" is a comment (": ping"); unknown fields are ignored
			}
			// A blank line ends an event.
			switch event {
			case "status":
				var ev orchestration.OrderEvent
				if err := json.Unmarshal(data.Bytes(), &ev); err != nil {
					fail(err, "a status event is not the expected JSON")
					return
				}
				ev.ID, _ = strconv.ParseInt(id, 10, 64)
				if !yield(ev, nil) || ev.Status.Terminal() {
					return
				}
			case "error":
				var body orchestration.ErrorBody
				if err := json.Unmarshal(data.Bytes(), &body); err != nil || body.Code == "" {
					fail(err, "an error event is not the service's error body")
					return
				}
				if body.RequestID != "" {
					requestID = body.RequestID
				}
				yield(orchestration.OrderEvent{}, &Error{StatusCode: resp.StatusCode, RequestID: requestID,
					Err: &orchestration.Error{Code: body.Code, Message: body.Message}})
				return
			}
			event = ""
			data.Reset()
		}
		if ctx.Err() != nil {
			return // the caller ended it
		}
		err := sc.Err()
		if err == nil {
			err = ErrStreamEnded
		} else {
			err = errors.Join(ErrStreamEnded, err)
		}
		fail(err, "the order status stream ended before a final status; open it again with the last event's id to resume")
	}, nil
}
