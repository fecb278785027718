/*
 * serve-net.c - the addresses of `xtac serve` and `xtac join`: a Unix
 * socket's path (the default, for use over ssh) or HOST:PORT for TCP.
 * There is no encryption and no authentication beyond the seat tokens:
 * across the internet, reach the server through ssh (xtac(6)).
 */
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>

#include <errno.h>
#include <netdb.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "serve.h"
#include "xtac/util.h"

/* HOST:PORT when the last ':' is followed by digits alone and no '/'. */
static bool
serve_addr_tcp(const char *addr, char **host, char **port)
{
	const char	*c = strrchr(addr, ':');
	size_t		 i;

	if (c == NULL || strchr(addr, '/') != NULL || c[1] == '\0')
		return false;
	for (i = 1; c[i] != '\0'; i++)
		if (c[i] < '0' || c[i] > '9')
			return false;
	*host = xstrndup(addr, (size_t)(c - addr));
	/* [::1]:7000 */
	if ((*host)[0] == '[' && c > addr && c[-1] == ']') {
		char *h = xstrndup(addr + 1, (size_t)(c - addr) - 2);

		free(*host);
		*host = h;
	}
	*port = xstrdup(c + 1);
	return true;
}

bool
serve_addr_unix(const char *addr)
{
	char	*host, *port;

	if (!serve_addr_tcp(addr, &host, &port))
		return true;
	free(host);
	free(port);
	return false;
}

static int
serve_unix_addr(const char *path, struct sockaddr_un *sun, char **cause)
{
	memset(sun, 0, sizeof *sun);
	sun->sun_family = AF_UNIX;
	if (strlen(path) >= sizeof sun->sun_path) {
		*cause = xasprintf("%s: a socket's path is at most %zu bytes",
		    path, sizeof sun->sun_path - 1);
		return -1;
	}
	memcpy(sun->sun_path, path, strlen(path) + 1);
	return 0;
}

static int
serve_tcp(const char *addr, const char *host, const char *port, bool listen_,
    char **cause)
{
	struct addrinfo	 hints, *res, *ai;
	int		 fd = -1, rc, on = 1, err = 0;

	memset(&hints, 0, sizeof hints);
	hints.ai_family = AF_UNSPEC;
	hints.ai_socktype = SOCK_STREAM;
	hints.ai_flags = listen_ ? AI_PASSIVE : 0;
	if ((rc = getaddrinfo(host[0] == '\0' ? NULL : host, port, &hints,
	    &res)) != 0) {
		*cause = xasprintf("%s: %s", addr, gai_strerror(rc));
		return -1;
	}
	for (ai = res; ai != NULL; ai = ai->ai_next) {
		fd = socket(ai->ai_family, ai->ai_socktype | SOCK_CLOEXEC,
		    ai->ai_protocol);
		if (fd < 0) {
			err = errno;
			continue;
		}
		if (listen_) {
			setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on,
			    sizeof on);
			if (bind(fd, ai->ai_addr, ai->ai_addrlen) == 0 &&
			    listen(fd, 16) == 0)
				break;
		} else if (connect(fd, ai->ai_addr, ai->ai_addrlen) == 0)
			break;
		err = errno;
		close(fd);
		fd = -1;
	}
	freeaddrinfo(res);
	if (fd < 0)
		*cause = xasprintf("%s: %s", addr, strerror(err));
	return fd;
}

int
serve_listen(const char *addr, char **cause)
{
	struct sockaddr_un	 sun;
	struct stat		 sb;
	char			*host, *port;
	int			 fd, probe;
	mode_t			 mask;

	if (serve_addr_tcp(addr, &host, &port)) {
		fd = serve_tcp(addr, host, port, true, cause);
		free(host);
		free(port);
		return fd;
	}
	if (serve_unix_addr(addr, &sun, cause) != 0)
		return -1;
	/* A socket file left by a server that is gone is taken over. */
	if (lstat(addr, &sb) == 0) {
		if (!S_ISSOCK(sb.st_mode)) {
			*cause = xasprintf("%s: exists and is not a socket",
			    addr);
			return -1;
		}
		if ((probe = serve_connect(addr, cause)) >= 0) {
			close(probe);
			*cause = xasprintf("%s: a server is listening there "
			    "already", addr);
			return -1;
		}
		free(*cause);
		*cause = NULL;
		unlink(addr);
	}
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0) {
		*cause = xasprintf("%s: %s", addr, strerror(errno));
		return -1;
	}
	/* Only the owner may connect: the tokens are not all there is. */
	mask = umask(0077);
	if (bind(fd, (struct sockaddr *)&sun, sizeof sun) != 0 ||
	    listen(fd, 16) != 0) {
		*cause = xasprintf("%s: %s", addr, strerror(errno));
		umask(mask);
		close(fd);
		return -1;
	}
	umask(mask);
	return fd;
}

int
serve_connect(const char *addr, char **cause)
{
	struct sockaddr_un	 sun;
	char			*host, *port;
	int			 fd;

	if (serve_addr_tcp(addr, &host, &port)) {
		fd = serve_tcp(addr, host, port, false, cause);
		free(host);
		free(port);
		return fd;
	}
	if (serve_unix_addr(addr, &sun, cause) != 0)
		return -1;
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) < 0) {
		*cause = xasprintf("%s: %s", addr, strerror(errno));
		return -1;
	}
	if (connect(fd, (struct sockaddr *)&sun, sizeof sun) != 0) {
		*cause = xasprintf("%s: %s", addr, strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}
