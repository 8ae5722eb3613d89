/* A small WebKitGTK browser whose website data (IndexedDB, the service worker's caches, local
 * storage) lives in a folder that outlives it, for the web app's restart test
 * (tests/web/webkit.test.js): MiniBrowser under WebDriver always uses a throwaway data store.
 *
 *   webkit-keeper DATA_DIR URL SCRIPT_FILE
 *
 * Loads URL, then runs SCRIPT_FILE's text as the body of an async function in the page and
 * prints its result as one line of JSON on stdout ({"result": ...} or {"error": "..."}). It
 * then keeps running until it is killed: the test kills it (the whole process group, web
 * processes included) as a power cut would, and starts it again on the same folder.
 * Built by tests/web/webkit.test.js with gcc and pkg-config's webkit2gtk-4.1. */
#include <stdio.h>
#include <stdlib.h>
#include <webkit2/webkit2.h>

static char *script;

static void print_line(const char *key, const char *value_json) {
  printf("{\"%s\": %s}\n", key, value_json);
  fflush(stdout);
}

static void on_result(GObject *view, GAsyncResult *result, gpointer data) {
  (void)data;
  GError *error = NULL;
  JSCValue *value = webkit_web_view_call_async_javascript_function_finish(WEBKIT_WEB_VIEW(view), result, &error);
  if (!value) {
    JSCContext *ctx = jsc_context_new();
    JSCValue *message = jsc_value_new_string(ctx, error->message);
    char *text = jsc_value_to_json(message, 0);
    print_line("error", text);
    g_free(text);
    g_error_free(error);
    return;
  }
  char *json = jsc_value_is_undefined(value) ? g_strdup("null") : jsc_value_to_json(value, 0);
  print_line("result", json ? json : "null");
  g_free(json);
}

static void on_load(WebKitWebView *view, WebKitLoadEvent event, gpointer data) {
  (void)data;
  static gboolean ran = FALSE;
  if (event != WEBKIT_LOAD_FINISHED || ran) return;
  ran = TRUE;
  webkit_web_view_call_async_javascript_function(view, script, -1, NULL, NULL, NULL, NULL, on_result, NULL);
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: webkit-keeper DATA_DIR URL SCRIPT_FILE\n");
    return 2;
  }
  gtk_init(&argc, &argv);
  GError *error = NULL;
  if (!g_file_get_contents(argv[3], &script, NULL, &error)) {
    fprintf(stderr, "webkit-keeper: %s\n", error->message);
    return 2;
  }
  char *data_dir = g_build_filename(argv[1], "data", NULL);
  char *cache_dir = g_build_filename(argv[1], "cache", NULL);
  WebKitWebsiteDataManager *manager = webkit_website_data_manager_new(
      "base-data-directory", data_dir, "base-cache-directory", cache_dir, NULL);
  WebKitWebContext *context = webkit_web_context_new_with_website_data_manager(manager);
  WebKitWebView *view = WEBKIT_WEB_VIEW(webkit_web_view_new_with_context(context));
  GtkWidget *window = gtk_window_new(GTK_WINDOW_TOPLEVEL);
  gtk_window_set_default_size(GTK_WINDOW(window), 820, 1180);
  gtk_container_add(GTK_CONTAINER(window), GTK_WIDGET(view));
  g_signal_connect(window, "destroy", G_CALLBACK(gtk_main_quit), NULL);
  g_signal_connect(view, "load-changed", G_CALLBACK(on_load), NULL);
  webkit_web_view_load_uri(view, argv[2]);
  gtk_widget_show_all(window);
  gtk_main();
  return 0;
}
