package load

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	neturl "net/url"
	"sync"
	"time"
)

// remoteTimeout bounds one fetch of a remote document (--allow-remote-refs).
const remoteTimeout = 20 * time.Second

// remoteFetcher fetches remote documents for libopenapi and remembers why
// a fetch failed. libopenapi only reports the reference it then could not
// resolve ("component `#/Pet` does not exist"), which hides the real cause
// (a refused connection, an HTTP 404).
type remoteFetcher struct {
	ctx    context.Context
	client *http.Client
	mu     sync.Mutex
	failed map[string]error // document URL → why it could not be fetched
}

func newRemoteFetcher(ctx context.Context) *remoteFetcher {
	return &remoteFetcher{ctx: ctx, client: &http.Client{Timeout: remoteTimeout}, failed: map[string]error{}}
}

// fetch is a libopenapi RemoteURLHandler.
func (f *remoteFetcher) fetch(url string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(f.ctx, http.MethodGet, url, nil)
	if err != nil {
		f.fail(url, err)
		return nil, err
	}
	resp, err := f.client.Do(req)
	if err != nil {
		// A *url.Error repeats the method and URL the message names already.
		var ue *neturl.Error
		if errors.As(err, &ue) {
			f.fail(url, ue.Err)
		} else {
			f.fail(url, err)
		}
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		f.fail(url, fmt.Errorf("the server answered %s", resp.Status))
	}
	return resp, nil
}

func (f *remoteFetcher) fail(url string, err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, ok := f.failed[url]; !ok {
		f.failed[url] = err
	}
}

// failure returns why the document at url could not be fetched, or nil.
func (f *remoteFetcher) failure(url string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.failed[url]
}
