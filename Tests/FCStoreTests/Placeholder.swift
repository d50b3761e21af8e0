// Tests for FCStore arrive with the pipeline issue.
