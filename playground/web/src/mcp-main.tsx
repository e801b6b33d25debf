import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "hitl-kit/styles.css";
import "./styles.css";
import { Mcp2026App } from "./mcp-2026-app";
import { McpApp } from "./mcp-app";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from mcp.html");
createRoot(root).render(
  <StrictMode>
    {/* ?era=2026: the same page on MCP 2026-07-28 (elicitations inside results). */}
    {new URLSearchParams(window.location.search).get("era") === "2026" ? <Mcp2026App /> : <McpApp />}
  </StrictMode>,
);
