package tools

var applyPatchTool = tool{name: "apply_patch"}
