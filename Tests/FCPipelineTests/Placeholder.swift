// Tests for FCPipeline arrive with the pipeline issue.
