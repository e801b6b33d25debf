"use client";
export * from "./react/index";
