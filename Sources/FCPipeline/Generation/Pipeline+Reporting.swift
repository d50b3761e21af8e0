extension Pipeline {
    /// The same pipeline (store, provider, templates, clock, pricing) reporting its events to `events` instead: one shared
    /// provider (its rate limit and connections) serves several runs, each watched by its own handler, as the
    /// service's generations are. The provider's own events still go where they went.
    package func reporting(to events: @escaping PipelineEventHandler) -> Pipeline {
        Pipeline(
            store: store, provider: provider, templates: templates, clock: clock, origin: origin, pricing: pricing,
            events: events)
    }
}
