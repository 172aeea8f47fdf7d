package script

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/dop251/goja"
)

// bootstrap builds the script's globals from the native functions before
// the script runs, keeping the originals of JSON.parse and JSON.stringify
// so a script that replaces them only confuses itself. native itself stays
// in this closure, out of the script's reach.
const bootstrap = `(function (native) {
	"use strict";
	const parse = JSON.parse, stringify = JSON.stringify, str = String;
	const hint = "find endpoints with await tools.search({query}) and use the path it returns";
	const reserved = ["search", "call", "describe", "pages", "then", "catch", "finally", "toJSON", "toString", "valueOf"];
	const call = (path, args) => {
		if (typeof path !== "string") throw new TypeError("tools.call(path, args): path must be a string; " + hint);
		return native.call(path, args === undefined ? "{}" : stringify(args)).then(parse);
	};
	const api = {
		search(q) {
			if (typeof q === "string") q = { query: q };
			return native.search(stringify(q === undefined ? {} : q)).then(parse);
		},
		describe(q) {
			const path = typeof q === "string" ? q : (q !== null && typeof q === "object" ? q.path : undefined);
			if (typeof path !== "string") throw new TypeError("tools.describe({path}): path must be a string; " + hint);
			return native.describe(path).then(parse);
		},
		call,
		pages: native.pagesOf(call, native.left), // see paging.go
	};
	const own = (p) => p === "search" || p === "call" || p === "describe" || p === "pages";
	const refuse = (msg) => () => { throw new TypeError(msg); };
	const listing = refuse("tools cannot be listed or enumerated; " + hint);
	const readOnly = refuse("tools is read-only");
	const tools = new Proxy(Object.create(null), {
		get(target, p) {
			if (typeof p !== "string") return undefined;
			if (own(p)) return api[p];
			if (reserved.includes(p)) return undefined;
			if (native.has(p)) return (args) => call(p, args);
			if (p in Object.prototype) return undefined; // probed by the engine, e.g. constructor
			throw new TypeError("tools." + p + " is not an endpoint; " + hint);
		},
		has(target, p) { return typeof p === "string" && (own(p) || (!reserved.includes(p) && native.has(p))); },
		ownKeys: listing,
		getOwnPropertyDescriptor: () => undefined,
		set: readOnly,
		defineProperty: readOnly,
		deleteProperty: readOnly,
		setPrototypeOf: readOnly,
	});
	const show = (v) => {
		if (typeof v === "string") return v;
		try { const s = stringify(v); if (s !== undefined) return s; } catch (e) {}
		try { return str(v); } catch (e) { return "(a value that cannot be shown)"; }
	};
	const console = {};
	for (const level of ["log", "info", "warn", "error", "debug"]) {
		console[level] = (...args) => { native.print(level, args.map(show).join(" ")); };
	}
	const emit = (v) => {
		const s = v === undefined ? undefined : stringify(v);
		native.emit(s === undefined ? "null" : s);
	};
	return { tools, console, emit, stringify };
})`

// bind installs tools, emit and console; the runtime has no other way out.
func (r *run) bind() error {
	r.rangeErr = r.vm.Get("RangeError")
	native := r.vm.NewObject()
	for name, fn := range map[string]func(goja.FunctionCall) goja.Value{
		"call": r.nativeCall, "search": r.nativeSearch, "describe": r.nativeDescribe,
		"has": r.nativeHas, "print": r.nativePrint, "emit": r.nativeEmit,
	} {
		if err := native.Set(name, fn); err != nil {
			return err
		}
	}
	if err := r.bindPaging(native); err != nil {
		return err
	}
	v, err := r.vm.RunString(bootstrap)
	if err != nil {
		return err
	}
	boot, ok := goja.AssertFunction(v)
	if !ok {
		return fmt.Errorf("bootstrap is not a function")
	}
	out, err := boot(goja.Undefined(), native)
	if err != nil {
		return err
	}
	g := out.ToObject(r.vm)
	if r.stringify, ok = goja.AssertFunction(g.Get("stringify")); !ok {
		return fmt.Errorf("no JSON.stringify")
	}
	for _, name := range []string{"tools", "console", "emit"} {
		if err := r.vm.Set(name, g.Get(name)); err != nil {
			return err
		}
	}
	return nil
}

// throw raises a JavaScript error of the constructor ctor with msg.
func (r *run) throw(ctor goja.Value, msg string) {
	if c, ok := goja.AssertConstructor(ctor); ok {
		if obj, err := c(nil, r.vm.ToValue(msg)); err == nil {
			panic(obj)
		}
	}
	panic(r.vm.NewTypeError(msg))
}

func (r *run) nativeHas(c goja.FunctionCall) goja.Value {
	return r.vm.ToValue(r.host.Known(c.Argument(0).String()))
}

func (r *run) nativeCall(c goja.FunctionCall) goja.Value {
	path, args := c.Argument(0).String(), c.Argument(1).String()
	if len(args) > r.lim.MaxArgBytes {
		r.throw(r.rangeErr, fmt.Sprintf("tools.call(%q): the arguments are %d bytes of JSON, more than the %d allowed",
			path, len(args), r.lim.MaxArgBytes))
	}
	return r.start(Trace{Op: "call", Path: path}, func(ctx context.Context) (string, string) {
		out := r.host.Call(ctx, path, json.RawMessage(args))
		if out.OK {
			return envelope(`{"ok":true,"data":`, out.Data), "ok"
		}
		return envelope(`{"ok":false,"error":`, out.Error), errorCode(out.Error)
	})
}

func (r *run) nativeSearch(c goja.FunctionCall) goja.Value {
	var q SearchQuery
	dec := json.NewDecoder(strings.NewReader(c.Argument(0).String()))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&q); err != nil {
		panic(r.vm.NewTypeError("tools.search({query, limit?, offset?}): " + strings.TrimPrefix(err.Error(), "json: ")))
	}
	switch {
	case strings.TrimSpace(q.Query) == "":
		panic(r.vm.NewTypeError("tools.search({query}): query must be a non-empty string of words"))
	case q.Limit < 0 || q.Limit > MaxSearchLimit:
		panic(r.vm.NewTypeError(fmt.Sprintf("tools.search: limit must be from 1 to %d", MaxSearchLimit)))
	case q.Offset < 0 || q.Offset > MaxSearchOffset:
		panic(r.vm.NewTypeError(fmt.Sprintf("tools.search: offset must be from 0 to %d", MaxSearchOffset)))
	}
	if q.Limit == 0 {
		q.Limit = DefaultSearchLimit
	}
	return r.start(Trace{Op: "search", Query: q.Query}, func(ctx context.Context) (string, string) {
		return hostJSON(r.host.Search(ctx, q))
	})
}

func (r *run) nativeDescribe(c goja.FunctionCall) goja.Value {
	path := c.Argument(0).String()
	return r.start(Trace{Op: "describe", Path: path}, func(ctx context.Context) (string, string) {
		return hostJSON(r.host.Describe(ctx, path))
	})
}

func (r *run) nativePrint(c goja.FunctionCall) goja.Value {
	level, text := c.Argument(0).String(), c.Argument(1).String()
	if level != "log" {
		text = "[" + level + "] " + text
	}
	if r.outBytes+len(text) > r.lim.MaxOutputBytes {
		r.res.ConsoleTruncated = true
		return goja.Undefined()
	}
	r.outBytes += len(text)
	r.res.Console = append(r.res.Console, text)
	if r.obs != nil {
		r.obs.Printed(text)
	}
	return goja.Undefined()
}

func (r *run) nativeEmit(c goja.FunctionCall) goja.Value {
	s := c.Argument(0).String()
	if r.outBytes+len(s) > r.lim.MaxOutputBytes {
		r.throw(r.rangeErr, fmt.Sprintf("emit: emitted values and console output may total %d bytes; "+
			"emit a summary instead", r.lim.MaxOutputBytes))
	}
	r.outBytes += len(s)
	r.res.Emitted = append(r.res.Emitted, json.RawMessage(s))
	if r.obs != nil {
		r.obs.Emitted(json.RawMessage(s))
	}
	return goja.Undefined()
}

// start begins one tool operation: it counts it against MaxCalls, runs do
// on a goroutine once a concurrency slot is free, and settles the returned
// promise on the loop with do's JSON, within the transfer budget. do
// returns the JSON and the outcome for the trace.
func (r *run) start(tr Trace, do func(context.Context) (string, string)) goja.Value {
	if r.ops >= r.lim.MaxCalls {
		r.throw(r.rangeErr, fmt.Sprintf("%s: %s, at most %d tools operations per script; "+
			"do the rest in another script", CodeCallLimit, tr.Op, r.lim.MaxCalls))
	}
	r.ops++
	p, resolve, _ := r.vm.NewPromise()
	idx := len(r.res.Calls)
	tr.Outcome = "pending"
	r.res.Calls = append(r.res.Calls, tr)
	r.inflight++
	r.wg.Add(1)
	go func() {
		defer r.wg.Done()
		payload, outcome := "", CodeCancelled
		var took time.Duration
		select {
		case r.sem <- struct{}{}:
			began := time.Now()
			payload, outcome = guarded(r.ctx, tr.Op, do)
			took = time.Since(began)
			<-r.sem
		case <-r.ctx.Done():
		}
		r.loop.post(func(ended bool) {
			r.inflight--
			t := &r.res.Calls[idx]
			t.Outcome, t.DurationMS = outcome, millis(took)
			if ended {
				return
			}
			if r.transferred+int64(len(payload)) > TransferBudget {
				t.Outcome = CodeTooLarge
				payload = r.tooLarge(tr.Op, len(payload))
			} else {
				r.transferred += int64(len(payload))
				t.Bytes = len(payload)
			}
			if err := resolve(payload); err != nil {
				r.fail(err)
			}
		})
	}()
	return r.vm.ToValue(p)
}

// guarded runs do, turning a panic of the Host into an error answer: the
// operation's goroutine is outside any recovery of the caller.
func guarded(ctx context.Context, op string, do func(context.Context) (string, string)) (payload, outcome string) {
	defer func() {
		if v := recover(); v != nil {
			payload, outcome = hostJSON(nil, fmt.Errorf("the server failed: %v", v))
			if op == "call" {
				payload = `{"ok":false,` + strings.TrimPrefix(payload, "{")
			}
		}
	}()
	return do(ctx)
}

// tooLarge is the answer to an operation whose result would overrun the
// transfer budget.
func (r *run) tooLarge(op string, size int) string {
	e := map[string]string{"code": CodeTooLarge, "message": fmt.Sprintf(
		"this result is %d bytes of JSON but only %d of the script's %d-byte transfer budget are left; "+
			"the result was dropped (its side effects, if any, happened). Ask for less: filters, smaller pages, fewer fields",
		size, TransferBudget-r.transferred, TransferBudget)}
	b, _ := json.Marshal(e) // strings always encode
	if op == "call" {
		return `{"ok":false,"error":` + string(b) + `}`
	}
	return `{"error":` + string(b) + `}`
}

// envelope wraps raw JSON after prefix, with null for nothing.
func envelope(prefix string, raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		raw = json.RawMessage("null")
	}
	return prefix + string(raw) + "}"
}

// hostJSON turns a Host answer into a payload and an outcome; a Host fault
// becomes {"error": …} so the script can go on.
func hostJSON(raw json.RawMessage, err error) (string, string) {
	if err != nil {
		b, _ := json.Marshal(map[string]string{"code": "internal_error", "message": err.Error()})
		return `{"error":` + string(b) + `}`, "internal_error"
	}
	if len(bytes.TrimSpace(raw)) == 0 || !json.Valid(raw) {
		return `{"error":{"code":"internal_error","message":"the server gave no valid answer"}}`, "internal_error"
	}
	return string(raw), AnswerOutcome(raw, nil)
}

// errorCode reads the code of an error object, or "error".
func errorCode(raw json.RawMessage) string {
	var e struct {
		Code string `json:"code"`
	}
	if json.Unmarshal(raw, &e) == nil && e.Code != "" {
		return e.Code
	}
	return "error"
}
