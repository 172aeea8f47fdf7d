package script

import (
	"fmt"

	"github.com/dop251/goja"
)

// Reasons tools.pages stops, as its answer's stopped words them: "last
// page", "failed", "maxPages", "transfer budget", "each".

// DefaultMaxPages is how many pages tools.pages fetches when the script
// does not say.
const DefaultMaxPages = 50

// pagesHelper builds tools.pages(path, args, {maxPages, each}) from the
// script's call and a native that tells how much of the transfer budget
// is left. It calls the endpoint, then again with each answer's
// next.parameters, until there is no next page, a call fails, maxPages
// pages came, or the next page would likely not fit in what is left of
// the transfer budget (the last page's size is the guess). It resolves
// to {pages, stopped, next}: the call results ({ok, data} or {ok: false,
// error}) in order, why it stopped ("last page", "failed", "maxPages" or
// "transfer budget") and the parameters of the page it did not fetch
// (null after the last page). With each, every result goes to
// await each(result, index) instead of into pages, and each returning
// false stops. goja has no async generators, hence a promise, not an
// async iterator.
const pagesHelper = `(function (call, left) {
	"use strict";
	const assign = Object.assign;
	return async function pages(path, args, opts) {
		const o = opts === undefined || opts === null ? {} : opts;
		const max = o.maxPages === undefined ? ` + "%d" + ` : o.maxPages;
		if (typeof max !== "number" || !(max >= 1)) throw new TypeError("tools.pages(path, args, {maxPages, each}): maxPages must be a number of at least 1");
		if (o.each !== undefined && typeof o.each !== "function") throw new TypeError("tools.pages(path, args, {maxPages, each}): each must be a function");
		let a = assign({}, args === undefined ? {} : args);
		const pages = [];
		let last = 0;
		for (let n = 0; ; n++) {
			if (n === max) return { pages, stopped: "maxPages", next: a.parameters };
			if (n > 0 && last > left()) return { pages, stopped: "transfer budget", next: a.parameters };
			const before = left();
			const r = await call(path, a);
			last = before - left();
			if (o.each !== undefined) {
				if ((await o.each(r, n)) === false) return { pages, stopped: "each", next: null };
			} else {
				pages.push(r);
			}
			if (!r || !r.ok) return { pages, stopped: "failed", next: a.parameters };
			const next = r.data && r.data.next && r.data.next.parameters;
			if (!next) return { pages, stopped: "last page", next: null };
			a = assign({}, a, { parameters: next });
		}
	};
})`

// bindPaging gives native the factory of tools.pages (pagesOf) and the
// transfer budget left (left); the bootstrap joins them to tools.call.
func (r *run) bindPaging(native *goja.Object) error {
	factory, err := r.vm.RunString(fmt.Sprintf(pagesHelper, DefaultMaxPages))
	if err != nil {
		return err
	}
	if err := native.Set("pagesOf", factory); err != nil {
		return err
	}
	return native.Set("left", func(goja.FunctionCall) goja.Value {
		return r.vm.ToValue(TransferBudget - r.transferred)
	})
}
