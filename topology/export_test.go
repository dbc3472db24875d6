package topology

// SetBeforeApply makes the drain goroutine call f before counting each
// event, so a test can hold it and fill the queue.
func SetBeforeApply(s *Service, f func()) { s.beforeApply = f }
