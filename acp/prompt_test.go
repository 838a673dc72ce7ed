package acp

import (
	"strings"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

func TestPromptText(t *testing.T) {
	t.Parallel()
	got, err := promptText([]sdk.ContentBlock{
		sdk.TextBlock("explain "),
		sdk.ResourceLinkBlock("main.go", "file:///p/main.go"),
		sdk.ResourceBlock(sdk.EmbeddedResourceResource{TextResourceContents: &sdk.TextResourceContents{Uri: "file:///p/notes.md", Text: "unsaved notes"}}),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"explain ", "[main.go](file:///p/main.go)", `<context uri="file:///p/notes.md">`, "unsaved notes"} {
		if !strings.Contains(got, want) {
			t.Errorf("promptText = %q, want %q in it", got, want)
		}
	}
	refused := []struct {
		name   string
		blocks []sdk.ContentBlock
		want   string
	}{
		{"an image", []sdk.ContentBlock{sdk.ImageBlock("aGk=", "image/png")}, "images are not supported"},
		{"audio", []sdk.ContentBlock{sdk.AudioBlock("aGk=", "audio/wav")}, "audio is not supported"},
		{"a binary resource", []sdk.ContentBlock{sdk.ResourceBlock(sdk.EmbeddedResourceResource{BlobResourceContents: &sdk.BlobResourceContents{Uri: "file:///p/a.bin", Blob: "aGk="}})}, "binary"},
		{"nothing", []sdk.ContentBlock{sdk.TextBlock("  ")}, "empty"},
	}
	for _, c := range refused {
		t.Run("refuses "+c.name, func(t *testing.T) {
			if _, err := promptText(c.blocks); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("promptText = %v, want an error with %q", err, c.want)
			}
		})
	}
}
