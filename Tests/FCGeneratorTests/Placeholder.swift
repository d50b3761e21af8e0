// Tests for FCGenerator arrive with the pipeline issue.
