package responses

import "strings"

func responseOutputText(r Response) string {
	var outputText strings.Builder
	for _, item := range r.Output {
		for _, content := range item.Content {
			if content.Type == "output_text" {
				outputText.WriteString(content.Text)
			}
		}
	}
	return outputText.String()
}

func (r Response) OutputText() string {
	return responseOutputText(r)
}
