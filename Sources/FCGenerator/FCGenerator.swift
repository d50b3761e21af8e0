// FCGenerator: see DESIGN.md. Filled in by the pipeline issue.
