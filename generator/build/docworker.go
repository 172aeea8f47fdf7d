package build

import (
	"context"
	"runtime"
	"runtime/trace"
	"sync"

	"github.com/swag2mcp/swag2mcp/generator/ir"
)

// docJob is what one endpoint's input schema and operation document are
// built from: the endpoint's own lowered parts, and a view of the defs
// rendered when it was lowered (rendered defs no longer change).
type docJob struct {
	ep     *ir.Endpoint
	params []param
	body   *body
	resps  []response
	defs   defLookup
}

// build fills the endpoint's documents.
func (j docJob) build() {
	j.ep.InputSchema = inputSchema(j.params, j.body, j.defs)
	j.ep.Operation = operation(opDoc{
		id: j.ep.OperationID, tags: j.ep.Tags, summary: j.ep.Summary, description: j.ep.Description,
		deprecated: j.ep.Deprecated, params: j.params, body: j.body, responses: j.resps,
	})
}

// docWorker builds endpoints' documents on another core while the
// lowerer, which must walk the model and render schemas in order, goes
// on: on Graph beta that is 40% of lowering. Each document depends only on
// its own job, so the output is the one building them in turn gives. With
// one processor the jobs run in place. One worker is enough: in a trace
// of Graph beta the lowerer's walk, not the documents, keeps a core idle
// (more workers changed nothing measurable).
type docWorker struct {
	jobs chan docJob
	done sync.WaitGroup
}

// docQueue bounds the jobs waiting, so a fast lowerer cannot pile up the
// parts of a whole giant spec.
const docQueue = 256

// startDocs starts a worker.
func startDocs() *docWorker {
	w := &docWorker{}
	if runtime.GOMAXPROCS(0) < 2 {
		return w
	}
	w.jobs = make(chan docJob, docQueue)
	w.done.Go(func() {
		defer trace.StartRegion(context.Background(), "lower.docs").End()
		for j := range w.jobs {
			j.build()
		}
	})
	return w
}

// add builds j's documents, now or on the worker.
func (w *docWorker) add(j docJob) {
	if w.jobs == nil {
		j.build()
		return
	}
	w.jobs <- j
}

// wait returns once every document added is built; the worker is done.
func (w *docWorker) wait() {
	if w.jobs != nil {
		close(w.jobs)
		w.done.Wait()
		w.jobs = nil
	}
}
