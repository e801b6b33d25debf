import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { McpApp } from "./mcp-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from mcp.html");
createRoot(root).render(
  <StrictMode>
    <McpApp />
  </StrictMode>,
);
