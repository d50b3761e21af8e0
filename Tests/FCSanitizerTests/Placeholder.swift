// Tests for FCSanitizer arrive with the pipeline issue.
