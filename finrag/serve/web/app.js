// finrag web page: upload, documents, questions with clickable citations. No build step, no framework.
"use strict";

const LABELS = {
  en: {
    tagline: "cited answers from financial documents", apiKey: "API key", upload: "Upload documents",
    accessLevel: "Access level", groups: "Groups", uploadButton: "Upload and index", documents: "Documents",
    refresh: "refresh", noDocs: "No documents yet.", questionPlaceholder: "Ask a question, e.g. What was total revenue in 2019?",
    ask: "Ask", calculation: "Calculation", sources: "Sources", howFound: "How this answer was found",
    analysis: "Query analysis", gate: "Evidence gate", retrieved: "Retrieved chunks", steps: "All steps",
    askIn: "Ask in", allDocs: "all documents",
    close: "close", pages: "pages", chunks: "chunks", tables: "tables", scanned: "scanned pages",
    ocr: "OCR pages", warnings: "warnings", parser: "parser", seconds: "seconds", refused: "Not answerable from the documents",
    cached: "from cache", answerer: "answerer", page: "p.", del: "delete", confirmDelete: "Delete this document?",
    uploading: "uploading", queued: "queued", running: "indexing", indexed: "indexed", unchanged: "unchanged",
    failed: "failed", none: "(none)", asking: "Thinking…", langButton: "中文",
  },
  zh: {
    tagline: "基于财务文档、带出处的问答", apiKey: "API 密钥", upload: "上传文档", accessLevel: "密级",
    groups: "分组", uploadButton: "上传并建立索引", documents: "文档", refresh: "刷新", noDocs: "暂无文档。",
    questionPlaceholder: "请输入问题，例如：2019年营业收入是多少？", ask: "提问", calculation: "计算过程",
    sources: "出处", howFound: "答案是如何得到的", analysis: "问题分析", gate: "证据判断", retrieved: "检索到的片段",
    askIn: "提问范围", allDocs: "全部文档",
    steps: "全部步骤", close: "关闭", pages: "页数", chunks: "片段", tables: "表格", scanned: "扫描页",
    ocr: "OCR 页", warnings: "警告", parser: "解析器", seconds: "秒", refused: "文档中没有可回答此问题的内容",
    cached: "来自缓存", answerer: "回答方式", page: "第", del: "删除", confirmDelete: "确定删除该文档？",
    uploading: "上传中", queued: "排队中", running: "索引中", indexed: "已索引", unchanged: "未变化",
    failed: "失败", none: "（无）", asking: "思考中…", langButton: "English",
  },
};
const POLL_MS = 700;
const MAX_QUOTES = 8;
let lang = localStorage.getItem("finrag.lang") || (navigator.language.startsWith("zh") ? "zh" : "en");
let lastAnswer = null;

const $ = (id) => document.getElementById(id);
const t = (key) => (LABELS[lang] && LABELS[lang][key]) || LABELS.en[key] || key;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}

function applyLabels() {
  document.documentElement.lang = lang === "zh" ? "zh-CN" : "en";
  document.querySelectorAll("[data-i18n]").forEach((n) => { n.textContent = t(n.dataset.i18n); });
  document.querySelectorAll("[data-i18n-placeholder]").forEach((n) => { n.placeholder = t(n.dataset.i18nPlaceholder); });
  $("lang-toggle").textContent = t("langButton");
}

function headers(extra = {}) {
  const key = $("api-key").value.trim();
  return key ? { ...extra, Authorization: `Bearer ${key}` } : extra;
}

function showError(message) {
  const box = $("error");
  box.textContent = message || "";
  box.hidden = !message;
}

async function api(path, options = {}) {
  const response = await fetch(path, { ...options, headers: headers(options.headers || {}) });
  if (!response.ok) {
    let detail = `${response.status}`;
    try { const body = await response.json(); detail = `${body.error} (${body.stage}): ${body.detail}`; } catch (_) { /* not JSON */ }
    throw new Error(detail);
  }
  return response;
}

// ------------------------------------------------------------------ documents

function reportLine(report) {
  if (!report) return "";
  const parts = [`${t("pages")}: ${report.page_count}`, `${t("tables")}: ${report.table_count}`];
  if (report.scanned_pages && report.scanned_pages.length) parts.push(`${t("scanned")}: ${report.scanned_pages.join(", ")}`);
  if (report.ocr_pages && report.ocr_pages.length) parts.push(`${t("ocr")}: ${report.ocr_pages.length}`);
  if (report.parser) parts.push(`${t("parser")}: ${report.parser}`);
  parts.push(`${report.seconds.toFixed(1)} ${t("seconds")}`);
  return parts.join(" · ");
}

async function loadDocuments() {
  try {
    const data = await (await api("/documents")).json();
    const list = $("doc-list");
    list.replaceChildren();
    for (const d of data.documents) {
      const warnings = (d.report && d.report.warnings) || [];
      const del = el("button", { class: "link", type: "button", onclick: () => deleteDocument(d.doc_id) }, t("del"));
      const item = el("li", { "data-doc-id": d.doc_id },
        el("details", {},
          el("summary", {}, `${d.file} `, el("span", { class: "muted" }, `${d.pages} ${t("pages")} · ${d.chunk_count} ${t("chunks")}`)),
          el("div", { class: "report" },
            el("div", {}, reportLine(d.report)),
            el("div", {}, `${d.doc_type || ""} ${d.meta.company || ""} ${d.meta.fiscal_year || ""} · L${d.access.access_level}`),
            ...warnings.map((w) => el("div", { class: "warn" }, `⚠ ${w}`)),
            del)));
      list.append(item);
    }
    $("doc-empty").hidden = data.documents.length > 0;
    const scope = $("ask-scope");
    const chosen = scope.value;
    scope.replaceChildren(scope.options[0], ...data.documents.map((d) => el("option", { value: d.doc_id }, d.file)));
    scope.value = data.documents.some((d) => d.doc_id === chosen) ? chosen : "";
  } catch (err) { showError(err.message); }
}

async function deleteDocument(docId) {
  if (!confirm(t("confirmDelete"))) return;
  try { await api(`/documents/${encodeURIComponent(docId)}`, { method: "DELETE" }); await loadDocuments(); }
  catch (err) { showError(err.message); }
}

// ------------------------------------------------------------------ upload

function renderJob(job) {
  const list = $("job-files");
  list.replaceChildren(...job.files.map((f) => el("li", {},
    `${f.file} `, el("span", { class: `status ${f.status}` }, t(f.status) + (f.stage ? ` · ${f.stage}` : "")),
    f.error ? el("div", { class: "warn" }, `${f.error.stage}: ${f.error.message}`) : "")));
}

async function pollJob(jobId) {
  for (;;) {
    const job = await (await api(`/jobs/${jobId}`)).json();
    renderJob(job);
    $("upload-progress").value = Math.round(job.progress * 100);
    if (job.state === "done") return job;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function uploadWithProgress(form) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/ingest");
    for (const [k, v] of Object.entries(headers())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) $("upload-progress").value = Math.round((100 * e.loaded) / e.total); };
    xhr.onload = () => {
      let body = {};
      try { body = JSON.parse(xhr.responseText); } catch (_) { /* not JSON */ }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body);
      else reject(new Error(`${body.error || xhr.status} (${body.stage || "serve"}): ${body.detail || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error("network error"));
    xhr.send(form);
  });
}

async function onUpload(event) {
  event.preventDefault();
  const files = $("file-input").files;
  if (!files.length) return;
  const form = new FormData();
  for (const f of files) form.append("files", f, f.name);
  form.append("access_level", $("access-level").value || "0");
  if ($("groups").value.trim()) form.append("groups", $("groups").value.trim());
  showError("");
  $("upload-button").disabled = true;
  $("upload-progress").hidden = false;
  $("upload-progress").value = 0;
  $("job-files").replaceChildren(...[...files].map((f) => el("li", {}, `${f.name} `, el("span", { class: "status" }, t("uploading")))));
  try {
    const started = await uploadWithProgress(form);
    $("upload-progress").value = 0;
    await pollJob(started.job_id);
    await loadDocuments();
  } catch (err) { showError(err.message); }
  finally { $("upload-button").disabled = false; }
}

// ------------------------------------------------------------------ answers

function answerWithLinks(text, citations) {
  const known = new Set(citations.map((c) => c.n));
  const frag = document.createDocumentFragment();
  let last = 0;
  for (const m of text.matchAll(/\[(\d+)\]/g)) {
    const n = Number(m[1]);
    if (!known.has(n)) continue;
    frag.append(text.slice(last, m.index));
    frag.append(el("a", { href: "#", class: "cite", "data-n": String(n), onclick: (e) => { e.preventDefault(); openCitation(n); } }, `[${n}]`));
    last = m.index + m[0].length;
  }
  frag.append(text.slice(last));
  return frag;
}

function citingSentences(text, n) {
  const mark = `[${n}]`;
  return (text || "").split(/(?<=[。！？；.!?;\]])\s+|(?<=[。！？；])|\n+/)
    .filter((s) => s.includes(mark)).map((s) => s.replace(/\[\d+\]/g, " ").trim()).filter((s) => s.length > 0)
    .slice(0, MAX_QUOTES);
}

async function openCitation(n) {
  const c = lastAnswer && lastAnswer.citations.find((x) => x.n === n);
  if (!c) return;
  document.querySelectorAll("a.cite").forEach((a) => a.classList.toggle("active", a.dataset.n === String(n)));
  // the answer's sentences that cite [n] are found on the page; the chunk's own boxes/text are the fallback
  const params = new URLSearchParams({ chunk_id: c.chunk_id });
  for (const s of citingSentences(lastAnswer.answer, n)) params.append("quote", s);
  const query = params.toString();
  $("viewer-title").textContent = `[${n}] ${c.file} · ${t("page")}${c.page}${lang === "zh" ? "页" : ""}`;
  $("viewer-snippet").textContent = c.snippet || "";
  $("viewer").hidden = false;
  const img = $("page-image");
  img.removeAttribute("data-loaded");
  try {
    const blob = await (await api(`/documents/${encodeURIComponent(c.doc_id)}/pages/${c.page}?${query}`)).blob();
    if (img.src.startsWith("blob:")) URL.revokeObjectURL(img.src);
    img.onload = () => img.setAttribute("data-loaded", "1");
    img.src = URL.createObjectURL(blob);
    $("viewer").scrollIntoView({ behavior: "smooth", block: "start" });
  } catch (err) { showError(err.message); }
}

function pretty(value) { return value == null ? t("none") : JSON.stringify(value, null, 2); }

function renderExplain(answer) {
  const steps = (answer.trace && answer.trace.steps) || [];
  $("explain-analysis").textContent = pretty(steps.filter((s) => s.stage === "analyze").map((s) => s.detail));
  $("explain-gate").textContent = pretty(steps.filter((s) => s.stage === "gate").map((s) => ({ [s.name]: s.detail })));
  $("explain-chunks").replaceChildren(...(answer.context || []).map((h) => el("li", {},
    el("strong", {}, `${h.file} p.${h.pages.join("-")} `), el("span", { class: "muted" }, `score ${h.score} `),
    el("div", {}, h.text))));
  $("explain-steps").replaceChildren(...steps.map((s) => el("tr", {},
    el("td", {}, s.stage), el("td", {}, s.name), el("td", {}, `${s.ms} ms`),
    el("td", {}, el("code", {}, s.detail == null ? "" : JSON.stringify(s.detail).slice(0, 300))))));
}

function renderAnswer(answer) {
  lastAnswer = answer;
  $("answer-card").hidden = false;
  const text = $("answer-text");
  text.classList.toggle("refused", answer.refused);
  text.replaceChildren(answerWithLinks(answer.answer || (answer.refused ? t("refused") : ""), answer.citations));
  $("answer-meta").textContent = `${t("answerer")}: ${answer.answerer}${answer.cached ? ` · ${t("cached")}` : ""}`;
  const calc = answer.calculation;
  $("calculation").hidden = !calc;
  if (calc) {
    $("calc-text").textContent = calc.text || `${calc.expression} = ${calc.result} ${calc.unit || ""}`;
    $("calc-inputs").replaceChildren(...calc.inputs.map((i) => el("li", {},
      `${i.label}: ${i.value} ${i.unit || ""} `, answerWithLinks(`[${i.citation}]`, answer.citations))));
  }
  $("citations").replaceChildren(...answer.citations.map((c) => el("li", { value: String(c.n), onclick: () => openCitation(c.n) },
    `${c.file} · ${t("page")}${c.page}${lang === "zh" ? "页" : ""} ${c.section_path.join(" › ")}`,
    el("span", { class: "snippet" }, c.snippet))));
  renderExplain(answer);
}

async function onAsk(event) {
  event.preventDefault();
  const question = $("question").value.trim();
  const scope = $("ask-scope").value;  // one selected document: the question is asked within it
  if (!question) return;
  showError("");
  $("ask-button").disabled = true;
  $("answer-meta").textContent = t("asking");
  try {
    const response = await api("/ask", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ question, explain: true, filters: { doc_ids: scope ? [scope] : [] } }),
    });
    renderAnswer(await response.json());
  } catch (err) { showError(err.message); }
  finally { $("ask-button").disabled = false; }
}

// ------------------------------------------------------------------ start

function start() {
  $("api-key").value = sessionStorage.getItem("finrag.key") || "";
  $("api-key").addEventListener("change", () => { sessionStorage.setItem("finrag.key", $("api-key").value.trim()); loadDocuments(); });
  $("lang-toggle").addEventListener("click", () => {
    lang = lang === "zh" ? "en" : "zh";
    localStorage.setItem("finrag.lang", lang);
    applyLabels();
    loadDocuments();
    if (lastAnswer) renderAnswer(lastAnswer);
  });
  $("upload-form").addEventListener("submit", onUpload);
  $("ask-form").addEventListener("submit", onAsk);
  $("question").addEventListener("keydown", (e) => { if (e.key === "Enter" && !e.shiftKey) { e.preventDefault(); onAsk(e); } });
  $("refresh-docs").addEventListener("click", loadDocuments);
  $("viewer-close").addEventListener("click", () => { $("viewer").hidden = true; });
  applyLabels();
  loadDocuments();
}

start();
