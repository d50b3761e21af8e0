// Tests for FCGenCLI arrive with the pipeline issue.
